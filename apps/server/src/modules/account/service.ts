import type { DeleteAccountRequest } from "@koc/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { RateLimiter } from "../../adapters/rate-limit/types.js";
import type { Db } from "../../db/client.js";
import { creditLedger, mailOutbox, users } from "../../db/schema.js";
import { BadRequestError, RateLimitedError, UnauthenticatedError } from "../../errors.js";
import { verifyPassword } from "../auth/passwords.js";
import { retryMessage } from "../auth/rate-limits.js";
import { CHANGE_PASSWORD_LIMIT, SESSION_INVALID, WRONG_CURRENT_PASSWORD } from "../auth/service.js";
import { exportLearnerData } from "./export.js";

export const ACCOUNT_DELETED =
  "Your account and your learning records have been deleted. Farewell, warrior: the gates stay open should you return.";

interface AccountServiceDeps {
  db: Db;
  rateLimiter: RateLimiter;
}

/** A learner's own data as a whole: export it, or delete the account (decision 0027). */
export function createAccountService({ db, rateLimiter }: AccountServiceDeps) {
  return {
    export: (userId: string, now?: Date) => exportLearnerData(db, userId, now),

    /**
     * Deletes the account after the password is given again. One transaction: the user row goes,
     * and with it (foreign keys, on delete cascade) every learner record and every session: a token
     * of a user who no longer exists never authenticates. Orders, payments and invoices are kept
     * for the accounts, detached (user_id set null); the invoice keeps the buyer as issued.
     */
    async delete(userId: string, input: DeleteAccountRequest): Promise<{ message: string }> {
      // The same guard as a password change: a stolen token must not become a way to guess the password.
      const key = `delete-account:user:${userId}`;
      const hit = await rateLimiter.hit(key, CHANGE_PASSWORD_LIMIT.limit, CHANGE_PASSWORD_LIMIT.windowSeconds);
      if (!hit.allowed) throw new RateLimitedError(retryMessage(hit.retryAfterSeconds), hit.retryAfterSeconds);
      const [u] = await db.select().from(users).where(eq(users.id, userId));
      if (!u) throw new UnauthenticatedError(SESSION_INVALID);
      if (!(await verifyPassword(u.passwordHash, input.currentPassword))) {
        throw new BadRequestError(WRONG_CURRENT_PASSWORD);
      }
      await db.transaction(async (tx) => {
        // A referrer's credit for this learner that is still pending can never be earned now.
        await tx
          .delete(creditLedger)
          .where(and(eq(creditLedger.referredUserId, userId), isNull(creditLedger.earnedAt)));
        // Mail kept by the outbox adapter (reset links and the like) names the learner.
        await tx.delete(mailOutbox).where(eq(mailOutbox.to, u.email));
        await tx.delete(users).where(eq(users.id, userId));
      });
      await rateLimiter.reset(key);
      return { message: ACCOUNT_DELETED };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
