import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { TextField } from "../../components/text-field";
import { paths } from "../../lib/paths";
import { mergeAllProgressAfterLogin } from "../../lib/progress-sync";
import { useSession } from "../../lib/session";
import { loginCall, serverMessage } from "./api/auth-calls";
import { AuthCard } from "./auth-card";

export default function LoginPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { token, user } = await loginCall({ email, password });
      login(token, user);
      await mergeAllProgressAfterLogin().catch(() => undefined);
      navigate(paths.dashboard);
    } catch (err) {
      setError(serverMessage(err, "Login failed"));
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Login" intro="Welcome back, warrior. Enter the kingdom and continue your quest.">
      <form onSubmit={onSubmit}>
        {error && (
          <p className="form-message error" role="alert">
            {error}
          </p>
        )}
        <TextField
          id="login-email"
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Logging in..." : "Login"}
        </button>
      </form>
      <div className="auth-links">
        <Link to={paths.forgotPassword}>Forgot Password?</Link>
        <span>
          New to the kingdom? <Link to={paths.register}>Register here</Link>
        </span>
      </div>
    </AuthCard>
  );
}
