import { newPassword } from "@koc/shared";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { paths } from "../../lib/paths";
import { resetPasswordCall, serverMessage } from "./api/auth-calls";
import { AuthCard } from "./auth-card";

type Result = { tone: "success" | "error"; text: string } | null;

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const checked = newPassword.safeParse(password);
    if (!checked.success) {
      setResult({ tone: "error", text: `Password ${checked.error.issues[0]?.message ?? "is invalid"}` });
      return;
    }
    if (password !== confirm) {
      setResult({ tone: "error", text: "The two passwords do not match." });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const { message } = await resetPasswordCall(token, password);
      setResult({ tone: "success", text: message });
      setPassword("");
      setConfirm("");
    } catch (err) {
      setResult({ tone: "error", text: serverMessage(err, "Failed to reset password.") });
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <AuthCard title="Reset Password">
        <p className="form-message error" role="alert">
          This reset link is incomplete. Please request a new one.
        </p>
        <div className="auth-links">
          <Link to={paths.forgotPassword}>Request a new reset link</Link>
        </div>
      </AuthCard>
    );
  }

  const done = result?.tone === "success";
  return (
    <AuthCard title="Reset Password" intro="Choose a new password for your account.">
      {result && (
        <p className={`form-message ${result.tone}`} role={done ? "status" : "alert"}>
          {result.text}
        </p>
      )}
      {!done && (
        <form onSubmit={onSubmit}>
          <div className="form-field">
            <label htmlFor="reset-password">New Password</label>
            <input
              id="reset-password"
              className="input"
              type="password"
              name="password"
              autoComplete="new-password"
              required
              aria-describedby="reset-password-hint"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <span id="reset-password-hint" className="field-hint">
              8 to 128 characters.
            </span>
          </div>
          <div className="form-field">
            <label htmlFor="reset-confirm">Confirm New Password</label>
            <input
              id="reset-confirm"
              className="input"
              type="password"
              name="confirm"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </div>
          <button type="submit" className="btn" disabled={busy}>
            {busy ? "Resetting..." : "Reset Password"}
          </button>
        </form>
      )}
      <div className="auth-links">
        <Link to={paths.login}>{done ? "Login with your new password" : "Back to Login"}</Link>
      </div>
    </AuthCard>
  );
}
