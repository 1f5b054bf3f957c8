export default function ShippingPage() {
  return (
    <section className="container page">
      <h1>Shipping Policy</h1>
      <p>Everything we sell is delivered digitally.</p>
    </section>
  );
}
