export default function AboutPage() {
  return (
    <section className="container page">
      <h1>About the Kingdom</h1>
      <p>
        Our mission is to turn curious recruits into confident programmers through clear lessons, real code and honest
        practice.
      </p>
    </section>
  );
}
