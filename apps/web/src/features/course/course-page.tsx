export default function CoursePage() {
  return (
    <section className="container page">
      <h1>Course</h1>
      <p>Course detail.</p>
    </section>
  );
}
