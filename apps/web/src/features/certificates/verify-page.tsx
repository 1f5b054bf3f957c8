export default function VerifyPage() {
  return (
    <section className="container page">
      <h1>Verify a Certificate</h1>
      <p>Check whether a Kingdom of Code certificate is genuine.</p>
    </section>
  );
}
