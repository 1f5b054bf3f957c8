import { createHash, randomBytes } from "node:crypto";
import type { AuthResponse, ChangePasswordRequest, LoginRequest, PublicUser, RegisterRequest } from "@koc/shared";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { renderMail } from "../../adapters/mail/layout.js";
import type { RateLimiter } from "../../adapters/rate-limit/types.js";
import type { Db } from "../../db/client.js";
import { passwordResetTokens, revokedTokens, users } from "../../db/schema.js";
import { BadRequestError, ConflictError, RateLimitedError, UnauthenticatedError } from "../../errors.js";
import type { MailDelivery } from "../../jobs/mail.js";
import { newReferralCode, normaliseReferralCode } from "../referral/code.js";
import { creditNewAccount } from "../referral/ledger.js";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords.js";
import { LOGIN_LIMITS, loginSlowdownMs, RESET_MAIL_LIMIT, retryMessage } from "./rate-limits.js";
import type { TokenSigner } from "./tokens.js";

export const EMAIL_TAKEN = "An account with this email already exists. Please log in instead.";
export const BAD_CREDENTIALS = "Invalid email or password";
export const SESSION_INVALID = "Your session has ended. Please log in again.";
export const RESET_REQUESTED = "If an account exists for that email, a password reset link is on its way.";
export const RESET_INVALID = "This reset link is invalid or has expired. Please request a new one.";
export const RESET_DONE = "Your password has been reset. You can now log in with the new password.";
export const LOGGED_OUT = "You have left the kingdom. Farewell, until your next quest!";
export const LOGGED_OUT_EVERYWHERE =
  "Every session of your account has ended, on every device. Log in again to continue.";
export const WRONG_CURRENT_PASSWORD = "body.currentPassword: is not your current password";
/** Change-password attempts per account: a stolen token must not become a way to guess the password. */
export const CHANGE_PASSWORD_LIMIT = { limit: 5, windowSeconds: 15 * 60 } as const;

const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

type UserRow = typeof users.$inferSelect;

/** The authenticated caller, set on request.user by the authentication hook. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  isPremium: boolean;
}

/** The caller of a request with a genuine token: also their account as /api/auth/me shows it. */
export interface SignedInUser extends AuthUser {
  profile: PublicUser;
}

export const toPublicUser = (u: UserRow): PublicUser => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  isPremium: u.isPremium,
  referralCode: u.referralCode,
  memberSince: u.createdAt.toISOString(),
});

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Postgres unique_violation (23505), wherever the driver or Drizzle put it in the cause chain. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

export interface AuthServiceDeps {
  db: Db;
  tokens: TokenSigner;
  rateLimiter: RateLimiter;
  /** Sends a mail once per key (the job queue's mail delivery). */
  mail: Pick<MailDelivery, "deliver" | "delivered">;
  /** Puts a password-reset job in the durable queue (PASSWORD_RESET_JOB). */
  enqueueReset: (data: ResetJobData) => Promise<unknown>;
  log: FastifyBaseLogger;
}

/** The job that writes and mails a reset link; queued by forgotPassword, run by the job queue. */
export const PASSWORD_RESET_JOB = "password-reset";
export interface ResetJobData {
  email: string;
  origin: string;
}

export function createAuthService({ db, tokens, rateLimiter, mail, enqueueReset, log }: AuthServiceDeps) {
  const issue = async (u: UserRow): Promise<AuthResponse> => ({
    token: await tokens.sign({ userId: u.id, tokenVersion: u.tokenVersion }),
    user: toPublicUser(u),
  });

  const findByEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];

  /**
   * The reset job: a fresh token and its link, mailed under the job's key. A retry (the mail server
   * was down) writes a new token, so the link's hour starts when the mail really leaves; a job
   * whose mail already went (the process died before the job was marked done) sends nothing.
   */
  async function sendResetMail({ email, origin }: ResetJobData, jobId: string) {
    const key = `password-reset:${jobId}`;
    if (await mail.delivered(key)) return;
    const user = await findByEmail(email);
    if (!user) return;
    const token = randomBytes(32).toString("base64url");
    await db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
    });
    await mail.deliver(
      key,
      renderMail({
        to: user.email,
        subject: "Reset your Kingdom of Code password",
        heading: `Hail, ${user.name}!`,
        paragraphs: [
          "Someone (we hope you) asked to reset the password of your Kingdom of Code account.",
          "Open this link within one hour to choose a new password.",
        ],
        action: { label: "Choose a new password", url: `${origin}/reset-password?token=${token}` },
        after: ["If you did not ask for this, ignore this message: your password stays as it is."],
      }),
    );
  }

  return {
    async register(input: RegisterRequest): Promise<AuthResponse> {
      const passwordHash = await hashPassword(input.password);
      const referredBy = input.referralCode ? normaliseReferralCode(input.referralCode) || null : null;
      for (let attempt = 0; ; attempt++) {
        try {
          // The account and its referrer's credit are one transaction: both are written or neither.
          const { row, referral } = await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(users)
              .values({
                name: input.name,
                email: input.email,
                passwordHash,
                referralCode: newReferralCode(),
                referredByCode: referredBy,
              })
              .returning();
            if (!row) throw new Error("insert returned no row");
            if (!referredBy) return { row, referral: null };
            // In a savepoint, so even a referrer deleted at this very moment cannot undo the new account.
            const referral = await tx
              .transaction((savepoint) => creditNewAccount(savepoint, row.id, referredBy))
              .catch((err: unknown) => {
                log.warn({ err, userId: row.id }, "referral credit failed at registration");
                return "failed" as const;
              });
            return { row, referral };
          });
          // Spec: a referral failure never blocks joining; it is only logged.
          if (referral && referral !== "credited") {
            log.info({ userId: row.id, referralCode: referredBy, outcome: referral }, "referral code not credited");
          }
          return await issue(row);
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          if (await findByEmail(input.email)) throw new ConflictError(EMAIL_TAKEN);
          if (attempt >= 3) throw err; // a referral-code collision four times running: give up
        }
      }
    },

    async login(input: LoginRequest, address: string): Promise<AuthResponse> {
      // Locking is per account AND address, so guesses from elsewhere never lock the owner out; the
      // account as a whole only slows down (loginSlowdownMs), and each address has its own ceiling.
      const accountKey = `login:account-address:${input.email}|${address}`;
      const slowKey = `login:account:${input.email}`;
      // The address's own ceiling (LOGIN_LIMITS.perAddress) is counted first, by the route.
      const [account, slow] = await Promise.all([
        rateLimiter.hit(accountKey, LOGIN_LIMITS.perAccountAddress.limit, LOGIN_LIMITS.perAccountAddress.windowSeconds),
        rateLimiter.hit(slowKey, Number.MAX_SAFE_INTEGER, LOGIN_LIMITS.accountSlowdown.windowSeconds),
      ]);
      if (!account.allowed)
        throw new RateLimitedError(retryMessage(account.retryAfterSeconds), account.retryAfterSeconds);
      const delay = loginSlowdownMs(slow.count);
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      const user = await findByEmail(input.email);
      const ok = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await burnPasswordCheck(input.password);
      if (!user || !ok) throw new UnauthenticatedError(BAD_CREDENTIALS);
      await Promise.all([rateLimiter.reset(accountKey), rateLimiter.reset(slowKey)]);
      return issue(user);
    },

    /**
     * The user behind a token, or null when it is tampered, expired, revoked or its user is gone. The
     * account and the token's revocation are read in one statement: every signed-in request runs it.
     */
    async authenticate(token: string): Promise<SignedInUser | null> {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const [row] = await db
        .select({
          u: users,
          revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${claims.tokenId})`,
        })
        .from(users)
        .where(eq(users.id, claims.userId));
      if (!row || row.u.tokenVersion !== claims.tokenVersion || row.revoked) return null;
      const u = row.u;
      return { id: u.id, name: u.name, email: u.email, isPremium: u.isPremium, profile: toPublicUser(u) };
    },

    /** Ends the session of this one token (the caller's own: it was authenticated to get here). */
    async logout(token: string): Promise<{ message: string }> {
      const claims = await tokens.verify(token);
      if (!claims) throw new UnauthenticatedError(SESSION_INVALID);
      await db
        .insert(revokedTokens)
        .values({ jti: claims.tokenId, userId: claims.userId, expiresAt: claims.expiresAt })
        .onConflictDoNothing();
      // Rows of tokens that have expired anyway are no longer needed.
      await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
      return { message: LOGGED_OUT };
    },

    /** Ends every session of the account: tokens signed before carry an older version. */
    async logoutEverywhere(userId: string): Promise<{ message: string }> {
      await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, userId));
      return { message: LOGGED_OUT_EVERYWHERE };
    },

    /** A new password after the current one: every other session ends, this one gets a fresh token. */
    async changePassword(userId: string, input: ChangePasswordRequest): Promise<AuthResponse> {
      const hit = await rateLimiter.hit(
        `change-password:user:${userId}`,
        CHANGE_PASSWORD_LIMIT.limit,
        CHANGE_PASSWORD_LIMIT.windowSeconds,
      );
      if (!hit.allowed) throw new RateLimitedError(retryMessage(hit.retryAfterSeconds), hit.retryAfterSeconds);
      const [u] = await db.select().from(users).where(eq(users.id, userId));
      if (!u) throw new UnauthenticatedError(SESSION_INVALID);
      if (!(await verifyPassword(u.passwordHash, input.currentPassword))) {
        throw new BadRequestError(WRONG_CURRENT_PASSWORD);
      }
      const passwordHash = await hashPassword(input.newPassword);
      const [row] = await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw new UnauthenticatedError(SESSION_INVALID);
      await rateLimiter.reset(`change-password:user:${userId}`);
      return issue(row);
    },

    /**
     * Answers the same whatever the email. The request only queues a job (the same insert whether
     * or not the account exists); the lookup and the mail happen in the job, so the response time
     * says nothing either. A flood of requests for one address sends at most a few mails.
     */
    async forgotPassword(email: string, origin: string): Promise<{ message: string }> {
      const hit = await rateLimiter.hit(`reset-mail:${email}`, RESET_MAIL_LIMIT.limit, RESET_MAIL_LIMIT.windowSeconds);
      if (hit.allowed) await enqueueReset({ email, origin });
      return { message: RESET_REQUESTED };
    },

    sendResetMail,

    /** Single use: the token is consumed atomically; every older login token stops working. */
    async resetPassword(token: string, password: string): Promise<{ message: string }> {
      const passwordHash = await hashPassword(password);
      const done = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, sha256(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, new Date()),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!used) return false;
        await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.id, used.userId));
        // Any other outstanding reset link for this account is spent too.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
        return true;
      });
      if (!done) throw new BadRequestError(RESET_INVALID);
      return { message: RESET_DONE };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
