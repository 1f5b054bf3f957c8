import { z } from "zod";

/** POST /api/account/delete: the current password again, and an explicit yes (a ticked box, nothing to type). */
export const deleteAccountRequest = z.object({
  currentPassword: z
    .string({ error: "is required" })
    .min(1, "is required")
    .max(1024, "must be at most 1024 characters"),
  confirm: z.literal(true, { error: "must be true: confirm that you want the account deleted" }),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

/** The sections of a learner's data export, in the order the file lists them. */
export const EXPORT_SECTIONS = [
  "profile",
  "enrollments",
  "lessonCompletions",
  "lessonCompletionHistory",
  "quizAttempts",
  "redeemedReceipts",
  "exercisePasses",
  "exerciseAttempts",
  "helpLadder",
  "drafts",
  "reviewDeck",
  "certificates",
  "referralCredits",
  "paymentOrders",
  "payments",
  "invoices",
  "premium",
  "premiumHistory",
] as const;
export type ExportSection = (typeof EXPORT_SECTIONS)[number];

const rows = z.array(z.record(z.string(), z.unknown()));

/** GET /api/account/export: everything the server holds about the caller, one JSON file. */
export const learnerExport = z.object({
  format: z.literal("kingdom-of-code-learner-data"),
  version: z.literal(1),
  exportedAt: z.string(),
  /** What the file deliberately leaves out, and why. */
  notIncluded: z.array(z.string()),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    isPremium: z.boolean(),
    referralCode: z.string(),
    referredByCode: z.string().nullable(),
    memberSince: z.string(),
  }),
  ...(Object.fromEntries(EXPORT_SECTIONS.filter((s) => s !== "profile").map((s) => [s, rows])) as Record<
    Exclude<ExportSection, "profile">,
    typeof rows
  >),
});
export type LearnerExport = z.infer<typeof learnerExport>;

/** The file name of an export made on a given day (UTC): kingdom-of-code-data-YYYY-MM-DD.json. */
export const exportFileName = (at: Date) => `kingdom-of-code-data-${at.toISOString().slice(0, 10)}.json`;
