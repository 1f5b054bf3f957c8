import type { ComponentProps, ReactNode } from "react";

interface FieldShellProps {
  id: string;
  label: string;
  /** A short rule shown under the field and announced with it. */
  hint?: string | undefined;
  /** The schema's complaint ("is required"); shown as "{label} is required." */
  error?: string | undefined;
  /** The name the error sentence uses when the label carries more ("Referral Code (optional)"). */
  errorLabel?: string | undefined;
  children: (described: { "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
}

/** The label, hint and error around one control, wired for assistive technology. */
function FieldShell({ id, label, hint, error, errorLabel, children }: FieldShellProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children({
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(error ? { "aria-invalid": true } : {}),
      })}
      {hint && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="form-message error field-error" role="alert">
          {`${errorLabel ?? label} ${error}.`}
        </span>
      )}
    </div>
  );
}

type Shared = Omit<FieldShellProps, "children">;

/** A labelled text input in the theme's form-field layout; takes react-hook-form's `register(...)`. */
export function TextField({
  id,
  label,
  hint,
  error,
  errorLabel,
  ...input
}: Shared & Omit<ComponentProps<"input">, "id" | "className">) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} errorLabel={errorLabel}>
      {(described) => <input id={id} className="input" {...described} {...input} />}
    </FieldShell>
  );
}

/** The multi-line sibling of TextField. */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  errorLabel,
  className,
  ...textarea
}: Shared & Omit<ComponentProps<"textarea">, "id">) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} errorLabel={errorLabel}>
      {(described) => (
        <textarea id={id} className={["input", className].filter(Boolean).join(" ")} {...described} {...textarea} />
      )}
    </FieldShell>
  );
}

/** What every email or password field of the site has in common, spread before its label and binding. */
export const FIELD_KINDS = {
  email: { type: "email", autoComplete: "email", required: true },
  currentPassword: { type: "password", autoComplete: "current-password", required: true },
  newPassword: { type: "password", autoComplete: "new-password", required: true, hint: "8 to 128 characters." },
  /** The new password typed again. */
  confirmPassword: { type: "password", autoComplete: "new-password", required: true },
} as const;
