export default function LoginPage() {
  return (
    <section className="container page">
      <h1>Login</h1>
      <p>Enter the kingdom with your email and password.</p>
    </section>
  );
}
