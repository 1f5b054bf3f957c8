import type { ExportSection, LearnerExport } from "@koc/shared";
import { eq } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import {
  certificates,
  codeDrafts,
  creditLedger,
  enrollments,
  exerciseAttempts,
  exerciseHelp,
  exercisePasses,
  invoices,
  passwordResetTokens,
  paymentOrders,
  payments,
  premiumAudit,
  premiumEntitlements,
  quizAttempts,
  redeemedReceipts,
  reviewCards,
  revokedTokens,
  topicCompletionChanges,
  topicCompletions,
  users,
} from "../../db/schema.js";
import { UnauthenticatedError } from "../../errors.js";
import { SESSION_INVALID } from "../auth/service.js";

/**
 * Every table holding a learner's rows (by user_id) and the export section it goes to, with the
 * columns left out: the learner's own id is said once, in the profile; another learner's id never.
 * A table with a user_id column must be here or in NOT_EXPORTED (a test enumerates the schema).
 */
export const EXPORTED_TABLES: Record<Exclude<ExportSection, "profile">, { table: PgTable; omit?: string[] }> = {
  enrollments: { table: enrollments },
  lessonCompletions: { table: topicCompletions },
  lessonCompletionHistory: { table: topicCompletionChanges },
  quizAttempts: { table: quizAttempts },
  redeemedReceipts: { table: redeemedReceipts },
  exercisePasses: { table: exercisePasses },
  exerciseAttempts: { table: exerciseAttempts },
  helpLadder: { table: exerciseHelp },
  drafts: { table: codeDrafts },
  reviewDeck: { table: reviewCards },
  certificates: { table: certificates },
  referralCredits: { table: creditLedger, omit: ["referred_user_id"] },
  paymentOrders: { table: paymentOrders },
  payments: { table: payments },
  invoices: { table: invoices },
  premium: { table: premiumEntitlements },
  premiumHistory: { table: premiumAudit },
};

const SECURITY_RECORD =
  "security records (reset links, ended sessions) whose content would only help someone misuse the account";

/** User-linked tables deliberately left out of the file, and why (the file's notIncluded says so too). */
export const NOT_EXPORTED: Record<string, string> = {
  [getTableConfig(passwordResetTokens).name]: SECURITY_RECORD,
  [getTableConfig(revokedTokens).name]: SECURITY_RECORD,
};

const NOT_INCLUDED = [
  "Your password (only a one-way hash of it is stored) and your login and password-reset tokens.",
  "Messages sent through the contact form: they are not tied to an account. Write to support to see or remove them.",
  "Anything about other learners, such as the friends who joined with your referral code.",
];

/** The user_id column of a table, found by its SQL name (every learner-linked table names it so). */
function userIdColumn(table: PgTable): PgColumn {
  const column = getTableConfig(table).columns.find((c) => c.name === "user_id");
  if (!column) throw new Error(`${getTableConfig(table).name} has no user_id column`);
  return column;
}

/** A row as the file shows it: the property names of the schema, without the omitted columns. */
function present(table: PgTable, row: Record<string, unknown>, omit: string[]): Record<string, unknown> {
  const drop = new Set(["user_id", ...omit]);
  const keep = getTableConfig(table)
    .columns.filter((c) => !drop.has(c.name))
    .map((c) => {
      const key = Object.entries(table).find(([, v]) => v === c)?.[0];
      return key ?? c.name;
    });
  return Object.fromEntries(keep.map((k) => [k, row[k] instanceof Date ? (row[k] as Date).toISOString() : row[k]]));
}

/** Everything the server holds about one learner, read in one transaction so the file is consistent. */
export async function exportLearnerData(db: Db, userId: string, now = new Date()): Promise<LearnerExport> {
  return db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId));
    if (!u) throw new UnauthenticatedError(SESSION_INVALID);
    const sections: [string, Record<string, unknown>[]][] = [];
    for (const [name, { table, omit = [] }] of Object.entries(EXPORTED_TABLES)) {
      const rows = (await tx
        .select()
        .from(table)
        .where(eq(userIdColumn(table), userId))) as Record<string, unknown>[];
      sections.push([name, rows.map((r) => present(table, r, omit))]);
    }
    return {
      format: "kingdom-of-code-learner-data",
      version: 1,
      exportedAt: now.toISOString(),
      notIncluded: NOT_INCLUDED,
      profile: {
        id: u.id,
        name: u.name,
        email: u.email,
        phone: u.phone,
        isPremium: u.isPremium,
        referralCode: u.referralCode,
        referredByCode: u.referredByCode,
        memberSince: u.createdAt.toISOString(),
      },
      ...(Object.fromEntries(sections) as Omit<
        LearnerExport,
        "format" | "version" | "exportedAt" | "notIncluded" | "profile"
      >),
    };
  });
}
