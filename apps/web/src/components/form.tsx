import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { type DefaultValues, type FieldValues, type Path, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";

/**
 * The one way a form is built: react-hook-form, checked by the same zod schema the server applies
 * (field errors name the field), `formState.isSubmitting` for the busy label, and the server's
 * refusal kept as the form's root error.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues });
}

/** A form-level message: the server's refusal (an alert) or a success (a status). */
export function FormMessage({ tone, text }: { tone: "success" | "error"; text: string | undefined }) {
  if (!text) return null;
  return (
    <p className={`form-message ${tone}`} role={tone === "error" ? "alert" : "status"}>
      {text}
    </p>
  );
}

/**
 * A field's wiring to its form: react-hook-form's `register` and the schema's complaint about it,
 * spread into a TextField (`<TextField id label {...bind(form, "email")} />`).
 */
export function bind<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, name: Path<T>) {
  return { ...form.register(name), error: form.getFieldState(name, form.formState).error?.message };
}

/** A form's submit button, disabled and saying so while the form is sent. */
export function SubmitButton({
  busy,
  busyLabel,
  className = "btn",
  children,
}: {
  busy: boolean;
  busyLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
