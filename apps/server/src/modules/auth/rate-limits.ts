/**
 * Login attempts counted per account and per address in fixed windows. A successful login clears
 * the account's counter; the address counter is larger so a shared network is not locked out.
 */
export const LOGIN_LIMITS = {
  perAccount: { limit: 5, windowSeconds: 15 * 60 },
  perAddress: { limit: 100, windowSeconds: 15 * 60 },
} as const;

/** Reset mails per email address: more requests still answer the same, but send nothing. */
export const RESET_MAIL_LIMIT = { limit: 3, windowSeconds: 60 * 60 } as const;

export function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many login attempts. Please try again in ${when}.`;
}
