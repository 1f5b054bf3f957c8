export default function ContactPage() {
  return (
    <section className="container page">
      <h1>Contact the Kingdom</h1>
      <p>Write to support@kingdomofcode.dev; we answer within 24-48 hours.</p>
    </section>
  );
}
