import { resetPasswordRequest } from "@koc/shared";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import { bind, FormMessage, SubmitButton, useZodForm } from "../../components/form";
import { FIELD_KINDS, TextField } from "../../components/text-field";
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
  const form = useZodForm(resetForm, { password: "", confirm: "" });
  const { handleSubmit, setError, formState } = form;
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
            {...FIELD_KINDS.newPassword}
            {...bind(form, "password")}
          />
          <TextField
            id="reset-confirm"
            label="Confirm New Password"
            errorLabel="The confirmation"
            {...FIELD_KINDS.confirmPassword}
            {...bind(form, "confirm")}
          />
          <SubmitButton busy={isSubmitting} busyLabel="Resetting...">
            Reset Password
          </SubmitButton>
        </form>
      )}
      <div className="auth-links">
        <Link to={paths.login}>{done ? "Login with your new password" : "Back to Login"}</Link>
      </div>
    </AuthCard>
  );
}
