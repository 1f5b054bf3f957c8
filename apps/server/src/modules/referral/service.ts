import {
  type ApplyReferralRequest,
  type ApplyReferralResponse,
  REFERRAL_APPLY_WINDOW_HOURS,
  REFERRAL_CREDITS,
  type ReferralCodeResponse,
  type ReferralStats,
} from "@koc/shared";
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { RateLimiter } from "../../adapters/rate-limit/types.js";
import type { Db } from "../../db/client.js";
import { creditLedger, users } from "../../db/schema.js";
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
} from "../../errors.js";
import type { AuthUser } from "../auth/service.js";
import { findReferrer, grantReferral, referralOf } from "./ledger.js";

export const NOT_YOUR_ACCOUNT = "You can only use the referral programme for your own account.";
export const UNKNOWN_CODE = "No learner has this referral code. Check it and try again.";
export const OWN_CODE = "You cannot use your own referral code.";
export const ALREADY_APPLIED =
  "This referral code is already applied to your account. Your referrer earns their credits when you pass your first Knowledge Check.";
export const OTHER_REFERRER = "Your account already has a referrer.";
export const WINDOW_CLOSED = `A referral code can only be applied within ${REFERRAL_APPLY_WINDOW_HOURS} hours of joining.`;
export const APPLIED = `Referral code applied! Your referrer earns ${REFERRAL_CREDITS} credits when you pass your first Knowledge Check.`;

/** A new account has little reason to try codes often; this keeps anyone from probing for them. */
const APPLY_LIMIT = { limit: 10, windowSeconds: 60 * 60 };

export interface ReferralServiceDeps {
  db: Db;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}

export function createReferralService({ db, rateLimiter, log }: ReferralServiceDeps) {
  /** Every referral call is about the caller's own account; the email in the request must be theirs. */
  const ownOnly = (caller: AuthUser, email: string) => {
    if (email !== caller.email) throw new ForbiddenError(NOT_YOUR_ACCOUNT);
  };

  const codeOf = async (userId: string) => {
    const [row] = await db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, userId));
    if (!row) throw new UnauthenticatedError("Your session has ended. Please log in again.");
    return row.referralCode;
  };

  /** 200 when this referrer is the one already recorded; another referrer is a conflict. */
  const alreadyRecorded = (recordedReferrer: string, referrerId: string): ApplyReferralResponse => {
    if (recordedReferrer !== referrerId) throw new ConflictError(OTHER_REFERRER);
    return { message: ALREADY_APPLIED, credited: false };
  };

  return {
    async generateCode(caller: AuthUser, email: string): Promise<ReferralCodeResponse> {
      ownOnly(caller, email);
      return { referralCode: await codeOf(caller.id) };
    },

    /**
     * The web client calls this right after registering with a code. Registration has usually
     * credited it already (answer 200, nothing more granted); otherwise it credits now, once.
     */
    async applyCode(caller: AuthUser, input: ApplyReferralRequest): Promise<ApplyReferralResponse> {
      ownOnly(caller, input.newUserEmail);
      const hit = await rateLimiter.hit(`referral-apply:${caller.id}`, APPLY_LIMIT.limit, APPLY_LIMIT.windowSeconds);
      if (!hit.allowed) {
        throw new RateLimitedError(
          `Too many referral attempts. Try again in ${Math.ceil(hit.retryAfterSeconds / 60)} minutes.`,
          hit.retryAfterSeconds,
        );
      }
      const referrer = await findReferrer(db, input.referralCode);
      if (!referrer) throw new NotFoundError(UNKNOWN_CODE);
      if (referrer.id === caller.id) throw new BadRequestError(OWN_CODE);

      const recorded = await referralOf(db, caller.id);
      if (recorded) return alreadyRecorded(recorded.referrerId, referrer.id);

      const [fresh] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, caller.id),
            gt(users.createdAt, sql`now() - make_interval(hours => ${REFERRAL_APPLY_WINDOW_HOURS}::int)`),
          ),
        );
      if (!fresh) throw new ForbiddenError(WINDOW_CLOSED);

      const credited = await db.transaction(async (tx) => {
        if (!(await grantReferral(tx, referrer.id, caller.id))) return false;
        await tx.update(users).set({ referredByCode: input.referralCode }).where(eq(users.id, caller.id));
        return true;
      });
      if (credited) {
        log.info({ referrerId: referrer.id, friendId: caller.id }, "referral credited through apply-code");
        return { message: APPLIED, credited: true };
      }
      // A concurrent request (or the registration) recorded the referrer first.
      const raced = await referralOf(db, caller.id);
      if (!raced) throw new Error("referral neither granted nor found");
      return alreadyRecorded(raced.referrerId, referrer.id);
    },

    /** The caller's own code and totals; one query over the ledger, so the numbers always add up. */
    async stats(caller: AuthUser, email: string): Promise<ReferralStats> {
      ownOnly(caller, email);
      const referralCode = await codeOf(caller.id);
      const rows = await db
        .select({
          amount: creditLedger.amount,
          reason: creditLedger.reason,
          earnedAt: creditLedger.earnedAt,
          friendId: users.id,
          friendName: users.name,
          friendJoined: users.createdAt,
        })
        .from(creditLedger)
        .leftJoin(users, eq(users.id, creditLedger.referredUserId))
        .where(eq(creditLedger.userId, caller.id))
        .orderBy(sql`${users.createdAt} desc nulls last`, creditLedger.id);
      const referredUsers = rows.flatMap((r) =>
        r.reason === "referral" && r.friendId && r.friendName !== null && r.friendJoined
          ? [{ _id: r.friendId, name: r.friendName, createdAt: r.friendJoined.toISOString() }]
          : [],
      );
      const earned = rows.filter((r) => r.earnedAt !== null);
      const pending = rows.filter((r) => r.earnedAt === null);
      const referrals = (list: typeof rows) => list.filter((r) => r.reason === "referral").length;
      return {
        referralCode,
        totalCredits: earned.reduce((sum, r) => sum + r.amount, 0),
        totalReferrals: referrals(earned),
        pendingCredits: pending.reduce((sum, r) => sum + r.amount, 0),
        pendingReferrals: referrals(pending),
        referredUsers,
      };
    },
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
