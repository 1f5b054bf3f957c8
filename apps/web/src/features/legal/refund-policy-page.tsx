export default function RefundPolicyPage() {
  return (
    <section className="container page">
      <h1>Refund Policy</h1>
      <p>Refunds can be requested within a 7-day window.</p>
    </section>
  );
}
