export default function ResetPasswordPage() {
  return (
    <section className="container page">
      <h1>Choose a New Password</h1>
      <p>Set a new password for your account.</p>
    </section>
  );
}
