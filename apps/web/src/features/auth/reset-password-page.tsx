import { newPassword } from "@koc/shared";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { TextField } from "../../components/text-field";
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
          <TextField
            id="reset-password"
            label="New Password"
            hint="8 to 128 characters."
            type="password"
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            id="reset-confirm"
            label="Confirm New Password"
            type="password"
            name="confirm"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
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
