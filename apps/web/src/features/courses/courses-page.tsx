export default function CoursesPage() {
  return (
    <section className="container page">
      <h1>Courses</h1>
      <p>The catalogue of the kingdom.</p>
    </section>
  );
}
