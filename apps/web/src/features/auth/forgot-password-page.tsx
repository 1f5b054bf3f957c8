import { forgotPasswordRequest } from "@koc/shared";
import { useState } from "react";
import { Link } from "react-router";
import { bind, FormMessage, SubmitButton, useZodForm } from "../../components/form";
import { FIELD_KINDS, TextField } from "../../components/text-field";
import { paths } from "../../lib/paths";
import { forgotPasswordCall, serverMessage } from "./api/auth-calls";
import { AuthCard } from "./auth-card";

export default function ForgotPasswordPage() {
  const form = useZodForm(forgotPasswordRequest, { email: "" });
  const { handleSubmit, setError, formState } = form;
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
        <TextField id="forgot-email" label="Email" {...FIELD_KINDS.email} {...bind(form, "email")} />
        <SubmitButton busy={isSubmitting} busyLabel="Sending...">
          Send Reset Link
        </SubmitButton>
      </form>
      <div className="auth-links">
        <Link to={paths.login}>Back to Login</Link>
      </div>
    </AuthCard>
  );
}
