import { changePasswordRequest } from "@koc/shared";
import { useState } from "react";
import { bind, FormMessage, SubmitButton, useZodForm } from "../../../components/form";
import { FIELD_KINDS, TextField } from "../../../components/text-field";
import { ApiError } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { changePasswordCall } from "../api/account-calls";

const CURRENT_FIELD = "body.currentPassword:";

export const PASSWORD_CHANGED = "Your password is changed. Every other device has been signed out.";

/** Change password: the current one proves it is the owner; this browser keeps its session with a fresh token. */
export function ChangePasswordForm() {
  const { login } = useSession();
  const [done, setDone] = useState<string | undefined>();
  const form = useZodForm(changePasswordRequest, { currentPassword: "", newPassword: "" });
  const { handleSubmit, setError, setValue, setFocus, reset, formState } = form;
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (body) => {
    setDone(undefined);
    try {
      const answer = await changePasswordCall(body);
      login(answer.token, answer.user);
      reset();
      setDone(PASSWORD_CHANGED);
    } catch (err) {
      // The server names the field it refuses ("body.currentPassword: is not your current password"):
      // the wrong password is cleared and the message shown under that field.
      const wrongCurrent = err instanceof ApiError && err.status === 400 && err.message.startsWith(CURRENT_FIELD);
      if (wrongCurrent || (err instanceof ApiError && (err.status === 401 || err.status === 403))) {
        setValue("currentPassword", "");
        setFocus("currentPassword");
      }
      if (wrongCurrent) {
        setError("currentPassword", { message: (err as ApiError).message.slice(CURRENT_FIELD.length).trim() });
        return;
      }
      setError("root.server", {
        message: err instanceof Error && err.message ? err.message : "The password could not be changed.",
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
      <h3 id="change-password-title">Change password</h3>
      <FormMessage tone="error" text={errors.root?.server?.message} />
      <FormMessage tone="success" text={done} />
      <TextField
        id="current-password"
        label="Current password"
        {...FIELD_KINDS.currentPassword}
        {...bind(form, "currentPassword")}
      />
      <TextField id="new-password" label="New password" {...FIELD_KINDS.newPassword} {...bind(form, "newPassword")} />
      <SubmitButton busy={isSubmitting} busyLabel="Changing...">
        Change password
      </SubmitButton>
    </form>
  );
}
