import { resetPasswordRequest } from "@koc/shared";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import { FormMessage, useZodForm } from "../../components/form";
import { TextField } from "../../components/text-field";
import { paths } from "../../lib/paths";
import { resetPasswordCall, serverMessage } from "./api/auth-calls";
import { AuthCard } from "./auth-card";

/** The server's password rule plus the confirmation, which only the form knows about. */
const resetForm = resetPasswordRequest
  .pick({ password: true })
  .extend({ confirm: z.string() })
  .refine((f) => f.password === f.confirm, { path: ["confirm"], message: "does not match the new password" });

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { register, handleSubmit, setError, formState } = useZodForm(resetForm, { password: "", confirm: "" });
  const { errors, isSubmitting } = formState;
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const { message } = await resetPasswordCall(token, password);
      setDone(message);
    } catch (err) {
      setError("root.server", { message: serverMessage(err, "Failed to reset password.") });
    }
  });

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

  return (
    <AuthCard title="Reset Password" intro="Choose a new password for your account.">
      <FormMessage tone="success" text={done ?? undefined} />
      {!done && (
        <form onSubmit={onSubmit} noValidate>
          <FormMessage tone="error" text={errors.root?.server?.message} />
          <TextField
            id="reset-password"
            label="New Password"
            hint="8 to 128 characters."
            type="password"
            autoComplete="new-password"
            required
            error={errors.password?.message}
            {...register("password")}
          />
          <TextField
            id="reset-confirm"
            label="Confirm New Password"
            errorLabel="The confirmation"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirm?.message}
            {...register("confirm")}
          />
          <button type="submit" className="btn" disabled={isSubmitting}>
            {isSubmitting ? "Resetting..." : "Reset Password"}
          </button>
        </form>
      )}
      <div className="auth-links">
        <Link to={paths.login}>{done ? "Login with your new password" : "Back to Login"}</Link>
      </div>
    </AuthCard>
  );
}
