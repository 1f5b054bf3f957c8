export default function ForgotPasswordPage() {
  return (
    <section className="container page">
      <h1>Forgot Password</h1>
      <p>We will send a reset link to your email.</p>
    </section>
  );
}
