import { forgotPasswordRequest } from "@koc/shared";
import { useState } from "react";
import { Link } from "react-router";
import { FormMessage, useZodForm } from "../../components/form";
import { TextField } from "../../components/text-field";
import { paths } from "../../lib/paths";
import { forgotPasswordCall, serverMessage } from "./api/auth-calls";
import { AuthCard } from "./auth-card";

export default function ForgotPasswordPage() {
  const { register, handleSubmit, setError, formState } = useZodForm(forgotPasswordRequest, { email: "" });
  const { errors, isSubmitting } = formState;
  const [sent, setSent] = useState(false);

  const onSubmit = handleSubmit(async ({ email }) => {
    setSent(false);
    try {
      await forgotPasswordCall(email);
      setSent(true);
    } catch (err) {
      setError("root.server", { message: serverMessage(err, "Failed to send reset email.") });
    }
  });

  return (
    <AuthCard
      title="Forgot Password"
      intro="Enter your email and we will send a raven with a link to choose a new password."
    >
      <form onSubmit={onSubmit} noValidate>
        <FormMessage tone="error" text={errors.root?.server?.message} />
        <FormMessage tone="success" text={sent ? "Password reset link sent to your email!" : undefined} />
        <TextField
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register("email")}
        />
        <button type="submit" className="btn" disabled={isSubmitting}>
          {isSubmitting ? "Sending..." : "Send Reset Link"}
        </button>
      </form>
      <div className="auth-links">
        <Link to={paths.login}>Back to Login</Link>
      </div>
    </AuthCard>
  );
}
