export default function MentorTestPage() {
  return (
    <section className="container page">
      <h1>Kattappa Test Chamber</h1>
      <p>A simpler chamber to try Kattappa with two quick questions.</p>
    </section>
  );
}
