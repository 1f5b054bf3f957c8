import { QUIZ_PASS_MARK, REFERRAL_CREDITS } from "@koc/shared";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { creditLedger, quizAttempts, users } from "../../db/schema.js";

export type ReferralOutcome = "credited" | "already-credited" | "unknown-code" | "own-code" | "failed";

/** The learner whose code this is (codes are stored upper-case; callers pass the normalised code). */
export async function findReferrer(db: DbOrTx, code: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
  return row;
}

/** The referral grant already recorded for a friend, if any. */
export async function referralOf(db: DbOrTx, friendId: string) {
  const [row] = await db
    .select({ referrerId: creditLedger.userId })
    .from(creditLedger)
    .where(eq(creditLedger.referredUserId, friendId));
  return row;
}

/**
 * Records the referrer's 80 credits for this friend, pending until the friend passes a Knowledge
 * Check (already earned if they passed one before applying the code late). The unique constraint on
 * the referred account makes a second grant for the same friend a no-op (false), however many race.
 */
export async function grantReferral(db: DbOrTx, referrerId: string, friendId: string): Promise<boolean> {
  const alreadyPassed = sql<Date | null>`(select now() where exists (select 1 from ${quizAttempts}
    where ${quizAttempts.userId} = ${friendId} and ${quizAttempts.materialId} is not null
    and ${quizAttempts.score} >= ${QUIZ_PASS_MARK}))`;
  const inserted = await db
    .insert(creditLedger)
    .values({
      userId: referrerId,
      reason: "referral",
      referredUserId: friendId,
      amount: REFERRAL_CREDITS,
      earnedAt: alreadyPassed,
    })
    .onConflictDoNothing({ target: creditLedger.referredUserId })
    .returning({ id: creditLedger.id });
  return inserted.length > 0;
}

/**
 * Credits the owner of `code` for a friend whose account is being created, inside the transaction
 * that creates it. Unknown codes and the friend's own code are only reported, never thrown.
 */
export async function creditNewAccount(tx: DbOrTx, friendId: string, code: string): Promise<ReferralOutcome> {
  const referrer = await findReferrer(tx, code);
  if (!referrer) return "unknown-code";
  if (referrer.id === friendId) return "own-code";
  return (await grantReferral(tx, referrer.id, friendId)) ? "credited" : "already-credited";
}

/**
 * The friend passed a Knowledge Check: their referrer's pending credit becomes earned. Called in the
 * transaction that records the pass; the conditional update (earned_at still null) earns it exactly
 * once, however many passes race, and a friend without a referrer changes nothing.
 */
export async function earnReferral(tx: DbOrTx, friendId: string): Promise<boolean> {
  const earned = await tx
    .update(creditLedger)
    .set({ earnedAt: sql`now()` })
    .where(and(eq(creditLedger.referredUserId, friendId), isNull(creditLedger.earnedAt)))
    .returning({ id: creditLedger.id });
  return earned.length > 0;
}
