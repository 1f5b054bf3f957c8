import { z } from "zod";
import { emailField } from "./auth.js";

/**
 * each friend who joins with a learner's code earns that learner 80 credits: pending at
 * registration, earned when the friend passes their first Knowledge Check.
 */
export const REFERRAL_CREDITS = 80;
/** Codes are made of these characters only: no look-alikes (0/O, 1/I/L). */
export const REFERRAL_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const REFERRAL_CODE_LENGTH = 8;
/** apply-code works only this long after the account was created. */
export const REFERRAL_APPLY_WINDOW_HOURS = 24;

/** A code as typed: trimmed and upper-cased, so codes match whatever their case. */
export const referralCodeField = z
  .string({ error: "is required" })
  .trim()
  .min(1, "is required")
  .max(64, "must be at most 64 characters")
  .toUpperCase();

/** POST /api/referral/generate-code */
export const generateReferralCodeRequest = z.object({ email: emailField });
export const referralCodeResponse = z.object({ referralCode: z.string() });
export type ReferralCodeResponse = z.infer<typeof referralCodeResponse>;

/** POST /api/referral/apply-code (the Apply-referral payload) */
export const applyReferralRequest = z.object({ referralCode: referralCodeField, newUserEmail: emailField });
export type ApplyReferralRequest = z.infer<typeof applyReferralRequest>;
/** `credited` is false when the code had already been credited for this account (nothing more granted). */
export const applyReferralResponse = z.object({ message: z.string(), credited: z.boolean() });
export type ApplyReferralResponse = z.infer<typeof applyReferralResponse>;

/** GET /api/referral/stats/{email} */
export const referralStatsParams = z.object({ email: emailField });

/** A friend who joined with the learner's code: never their email. */
export const referredUser = z.object({ _id: z.string(), name: z.string(), createdAt: z.string() });
export type ReferredUser = z.infer<typeof referredUser>;

/**
 * Spec: the Referral stats record; the totals are sums of the credits ledger. `totalCredits` and
 * `totalReferrals` count earned grants only; `pendingCredits`/`pendingReferrals` (added, so older
 * readers still parse) count friends who joined but have not yet passed a Knowledge Check.
 * `referredUsers` lists every friend who joined, pending or earned.
 */
export const referralStats = z.object({
  referralCode: z.string(),
  totalCredits: z.number().int().nonnegative(),
  totalReferrals: z.number().int().nonnegative(),
  pendingCredits: z.number().int().nonnegative().default(0),
  pendingReferrals: z.number().int().nonnegative().default(0),
  referredUsers: z.array(referredUser),
});
export type ReferralStats = z.infer<typeof referralStats>;
