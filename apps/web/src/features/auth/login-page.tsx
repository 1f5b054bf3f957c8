import { loginRequest } from "@koc/shared";
import { Link, useNavigate } from "react-router";
import { FormMessage, useZodForm } from "../../components/form";
import { TextField } from "../../components/text-field";
import { paths } from "../../lib/paths";
import { mergeAllProgressAfterLogin } from "../../lib/progress-sync";
import { useSession } from "../../lib/session";
import { loginCall, serverMessage } from "./api/auth-calls";
import { AuthCard } from "./auth-card";

export default function LoginPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useZodForm(loginRequest, { email: "", password: "" });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { token, user } = await loginCall(body);
      login(token, user);
      await mergeAllProgressAfterLogin().catch(() => undefined);
      navigate(paths.dashboard);
    } catch (err) {
      setError("root.server", { message: serverMessage(err, "Login failed") });
    }
  });

  return (
    <AuthCard title="Login" intro="Welcome back, warrior. Enter the kingdom and continue your quest.">
      <form onSubmit={onSubmit}>
        <FormMessage tone="error" text={errors.root?.server?.message} />
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register("password")}
        />
        <button type="submit" className="btn" disabled={isSubmitting}>
          {isSubmitting ? "Logging in..." : "Login"}
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
