export default function MentorPage() {
  return (
    <section className="container page">
      <h1>Kattappa, your Coding Mentor</h1>
      <p>Ask Kattappa about Java, Python, JavaScript, React, debugging and algorithms.</p>
    </section>
  );
}
