export default function RegisterPage() {
  return (
    <section className="container page">
      <h1>Join the Kingdom</h1>
      <p>Create your account to keep your progress.</p>
    </section>
  );
}
