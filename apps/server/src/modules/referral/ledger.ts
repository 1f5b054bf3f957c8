import { REFERRAL_CREDITS } from "@koc/shared";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { creditLedger, users } from "../../db/schema.js";

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
 * Records the referrer's 80 credits for this friend. The unique constraint on the referred account
 * makes a second grant for the same friend a no-op (false), however many requests race.
 */
export async function grantReferral(db: DbOrTx, referrerId: string, friendId: string): Promise<boolean> {
  const inserted = await db
    .insert(creditLedger)
    .values({ userId: referrerId, reason: "referral", referredUserId: friendId, amount: REFERRAL_CREDITS })
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
