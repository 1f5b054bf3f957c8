export default function HomePage() {
  return (
    <section className="container page">
      <h1>Kingdom of Code</h1>
      <p>
        Train like a warrior, code like a king: Java, Python, JavaScript, data structures and system design, one quest
        at a time.
      </p>
    </section>
  );
}
