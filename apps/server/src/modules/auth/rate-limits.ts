/**
 * Login attempts counted in fixed windows: per account and address (5, then 429 for that address
 * only, so nobody elsewhere can lock the owner out), per address (100, one address spraying many
 * accounts), and per account from anywhere, which never blocks but slows answers down
 * (loginSlowdownMs). A successful login clears the account's counters.
 */
export const LOGIN_LIMITS = {
  perAccountAddress: { limit: 5, windowSeconds: 15 * 60 },
  perAddress: { limit: 100, windowSeconds: 15 * 60 },
  accountSlowdown: { freeAttempts: 10, windowSeconds: 15 * 60, maxDelayMs: 3_000 },
} as const;

/** Delay before checking the password, from the account's attempts in the window: 0 for the first 10, then 250 ms doubling up to 3 s. */
export function loginSlowdownMs(attempts: number): number {
  const over = attempts - LOGIN_LIMITS.accountSlowdown.freeAttempts;
  if (over <= 0) return 0;
  return Math.min(LOGIN_LIMITS.accountSlowdown.maxDelayMs, 250 * 2 ** Math.min(over - 1, 10));
}

/**
 * Per address, counted before any argon2 work: registrations, and reset-password submissions
 * (each hashes a new password), so one address cannot keep the CPU busy hashing.
 */
export const REGISTER_LIMIT = { limit: 60, windowSeconds: 15 * 60 } as const;
export const RESET_PASSWORD_LIMIT = { limit: 20, windowSeconds: 15 * 60 } as const;

export function tooManyMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many attempts. Please try again in ${when}.`;
}

/** Reset mails per email address: more requests still answer the same, but send nothing. */
export const RESET_MAIL_LIMIT = { limit: 3, windowSeconds: 60 * 60 } as const;

export function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many login attempts. Please try again in ${when}.`;
}
