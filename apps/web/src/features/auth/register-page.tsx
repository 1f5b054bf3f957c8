import { registerRequest } from "@koc/shared";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { TextField } from "../../components/text-field";
import { paths } from "../../lib/paths";
import { mergeAllProgressAfterLogin } from "../../lib/progress-sync";
import { useSession } from "../../lib/session";
import { applyReferralCode } from "../referral/api/apply-referral-code";
import { registerCall, serverMessage } from "./api/auth-calls";
import { AuthCard } from "./auth-card";

const labels: Record<string, string> = {
  name: "Name",
  email: "Email",
  password: "Password",
  referralCode: "Referral Code",
};

export default function RegisterPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form, setForm] = useState({ name: "", email: "", password: "", referralCode: params.get("ref") ?? "" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const update = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    // The same schema the server applies, so the rule is named before the request goes out.
    const parsed = registerRequest.safeParse({ ...form, referralCode: form.referralCode.trim() || undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? "");
      setError(`${labels[field] ?? "Form"} ${issue?.message ?? "is invalid"}`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { token, user } = await registerCall(parsed.data);
      login(token, user);
      // Spec point 7: with a code entered, the client applies it; a failure is only logged.
      if (parsed.data.referralCode) {
        await applyReferralCode({ referralCode: parsed.data.referralCode, newUserEmail: user.email }).catch(
          (err: unknown) => console.warn("Applying the referral code failed.", err),
        );
      }
      await mergeAllProgressAfterLogin().catch(() => undefined);
      navigate(paths.dashboard);
    } catch (err) {
      setError(serverMessage(err, "Registration failed"));
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Join the Kingdom" intro="Enlist as a recruit and begin your rise to King of Code.">
      <form onSubmit={onSubmit}>
        {error && (
          <p className="form-message error" role="alert">
            {error}
          </p>
        )}
        <TextField
          id="register-name"
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={form.name}
          onChange={update("name")}
        />
        <TextField
          id="register-email"
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={update("email")}
        />
        <TextField
          id="register-password"
          label="Password"
          hint="8 to 128 characters."
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={form.password}
          onChange={update("password")}
        />
        <TextField
          id="register-referral"
          label="Referral Code (optional)"
          name="referralCode"
          autoComplete="off"
          value={form.referralCode}
          onChange={update("referralCode")}
        />
        {form.referralCode.trim() && <p className="auth-note">Your referrer will earn ₹200 when you join!</p>}
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Creating Account..." : "Create Account"}
        </button>
      </form>
      <div className="auth-links">
        <span>
          Already a warrior? <Link to={paths.login}>Login here</Link>
        </span>
      </div>
    </AuthCard>
  );
}
