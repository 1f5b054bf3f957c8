import { deleteAccountRequest } from "@koc/shared";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useAlerts } from "../../../components/alerts";
import { bind, FormMessage, SubmitButton, useZodForm } from "../../../components/form";
import { Modal } from "../../../components/modal";
import { FIELD_KINDS, TextField } from "../../../components/text-field";
import { ApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { useSession } from "../../../lib/session";
import { keysWithPrefix, removeKey } from "../../../lib/storage";
import { storageKeys } from "../../../lib/storage-keys";
import { deleteAccountCall } from "../api/account-calls";

const CURRENT_FIELD = "body.currentPassword:";

/** What deletion removes and what it keeps: the same words as the privacy page. */
export function DeletionConsequences() {
  return (
    <>
      <p>This removes, for good:</p>
      <ul className="deletion-list">
        <li>your name, email and password, and every session on every device;</li>
        <li>your enrolments, lesson progress, quiz and trial attempts, drafts and help taken;</li>
        <li>your certificates: their verify links stop working;</li>
        <li>your referral code and credits.</li>
      </ul>
      <p>
        Kept: the invoices of any payment, with the name and email printed on them, no longer linked to an account. Tax
        law requires us to keep them: under India's CGST rules, up to about eight years after the invoice date.
      </p>
    </>
  );
}

/** "Delete my account": a dialog that says what goes and what stays, asks the password and an explicit yes. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <div className="delete-account">
      <h3>Delete my account</h3>
      <p>Leave the kingdom for good. Download your data first if you want to keep a copy.</p>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" size={18} /> Delete my account
      </button>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </div>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { user, logout } = useSession();
  const { notify } = useAlerts();
  const navigate = useNavigate();
  const form = useZodForm(deleteAccountRequest, {
    currentPassword: "",
  });
  const { register, handleSubmit, setError, setValue, setFocus, formState } = form;
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await deleteAccountCall(body);
      // What this browser kept of the account goes too (logout clears the session and progress).
      if (user) removeKey(storageKeys.enrollments(user.email));
      for (const key of keysWithPrefix(storageKeys.draft(""))) removeKey(key);
      logout();
      notify(answer.message, "success");
      navigate(paths.home);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.message.startsWith(CURRENT_FIELD)) {
        setValue("currentPassword", "");
        setFocus("currentPassword");
        setError("currentPassword", { message: err.message.slice(CURRENT_FIELD.length).trim() });
        return;
      }
      setError("root.server", {
        message: err instanceof Error && err.message ? err.message : "Your account could not be deleted.",
      });
    }
  });

  return (
    <Modal title="Delete your account?" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="delete-account-form">
        <DeletionConsequences />
        <FormMessage tone="error" text={errors.root?.server?.message} />
        <TextField
          id="delete-current-password"
          label="Current password"
          {...FIELD_KINDS.currentPassword}
          {...bind(form, "currentPassword")}
        />
        <div className="form-field">
          <label className="checkbox-field">
            <input
              type="checkbox"
              aria-describedby={errors.confirm ? "delete-confirm-error" : undefined}
              {...register("confirm")}
            />{" "}
            I understand: my account and learning records are deleted and cannot be brought back.
          </label>
          {errors.confirm && (
            <span id="delete-confirm-error" className="form-message error field-error" role="alert">
              Tick the box to confirm.
            </span>
          )}
        </div>
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={isSubmitting}>
            Keep my account
          </button>
          <SubmitButton className="btn btn-danger" busy={isSubmitting} busyLabel="Deleting...">
            Delete my account for good
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
