export default function TermsPage() {
  return (
    <section className="container page">
      <h1>Terms of Service</h1>
      <p>These terms govern your use of Kingdom of Code.</p>
    </section>
  );
}
