export default function PrivacyPage() {
  return (
    <section className="container page">
      <h1>Privacy Policy</h1>
      <p>How we collect, use and protect your data.</p>
    </section>
  );
}
