import { loginRequest } from "@koc/shared";
import { Link } from "react-router";
import { FormMessage, useZodForm } from "../../components/form";
import { TextField } from "../../components/text-field";
import { paths } from "../../lib/paths";
import { loginCall, serverMessage } from "./api/auth-calls";
import { AuthCard } from "./auth-card";
import { useFinishSignIn } from "./use-sign-in";

export default function LoginPage() {
  const finishSignIn = useFinishSignIn();
  const { register, handleSubmit, setError, formState } = useZodForm(loginRequest, { email: "", password: "" });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (body) => {
    try {
      await finishSignIn(await loginCall(body));
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
