import { z } from "zod";

/** Field limits for a contact message; the form and the server share them. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

const required = (max: number) => z.string().trim().min(1, "is required").max(max, `must be at most ${max} characters`);

/** Control characters (CR, LF, tab, C1...) and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** The same, except the line breaks and tabs a message body may hold. */
const CONTROL_IN_TEXT = /[^\P{Cc}\t\n\r]|[\u2028\u2029]/u;
const oneLine = (field: z.ZodString) =>
  field.refine((v) => !CONTROL.test(v), "must be on one line, without control characters");

/**
 * POST /api/contact. `website` is a honeypot: hidden from people, filled in by simple bots.
 * When it holds anything the server answers success and keeps nothing.
 */
export const contactRequest = z.object({
  name: oneLine(required(CONTACT_LIMITS.name)),
  email: oneLine(
    z
      .string()
      .trim()
      .min(1, "is required")
      .max(CONTACT_LIMITS.email, `must be at most ${CONTACT_LIMITS.email} characters`),
  ).pipe(z.email("must be a valid email address")),
  subject: oneLine(required(CONTACT_LIMITS.subject)),
  message: required(CONTACT_LIMITS.message).refine(
    (v) => !CONTROL_IN_TEXT.test(v),
    "must not hold control characters other than line breaks and tabs",
  ),
  website: z.string().max(500).optional(),
});
export type ContactRequest = z.infer<typeof contactRequest>;

export const contactResponse = z.object({ success: z.literal(true), message: z.string() });
export type ContactResponse = z.infer<typeof contactResponse>;

export const CONTACT_SUCCESS = "Message sent successfully! We'll get back to you soon.";
export const CONTACT_FAILURE = "Failed to send message. Please try again.";
