import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { TextField } from "../../components/text-field";
import { paths } from "../../lib/paths";
import { forgotPasswordCall, serverMessage } from "./api/auth-calls";
import { AuthCard } from "./auth-card";

type Result = { tone: "success" | "error"; text: string } | null;

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setResult(null);
    try {
      await forgotPasswordCall(email);
      setResult({ tone: "success", text: "Password reset link sent to your email!" });
    } catch (err) {
      setResult({ tone: "error", text: serverMessage(err, "Failed to send reset email.") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Forgot Password"
      intro="Enter your email and we will send a raven with a link to choose a new password."
    >
      <form onSubmit={onSubmit}>
        {result && (
          <p className={`form-message ${result.tone}`} role={result.tone === "error" ? "alert" : "status"}>
            {result.text}
          </p>
        )}
        <TextField
          id="forgot-email"
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Sending..." : "Send Reset Link"}
        </button>
      </form>
      <div className="auth-links">
        <Link to={paths.login}>Back to Login</Link>
      </div>
    </AuthCard>
  );
}
