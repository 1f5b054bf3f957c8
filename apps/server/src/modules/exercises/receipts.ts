import { z } from "zod";
import { createClaimSigner, receiptId, withinLifetime } from "../quiz/receipts.js";

/** Trial receipts start with this, so POST /api/quiz/receipts tells them from quiz receipts. */
export const TRIAL_RECEIPT_PREFIX = "t.";

export interface TrialReceiptClaims {
  /** Random id, prefixed "t:": the redeemed_receipts primary key makes it single use. */
  id: string;
  exerciseId: string;
  /** When the visitor passed (ms since epoch). */
  at: number;
  /** Passed after revealing the solution: counts as solved with help. */
  withHelp: boolean;
}

/** `w`: solved with help (absent on a pass of one's own, so older receipts read the same). */
const trialClaims = z.object({
  i: z.string().startsWith("t:"),
  x: z.string(),
  t: z.number(),
  w: z.literal(1).optional(),
});

/**
 * A visitor's pass of a trial: `t.payload.signature`, signed with its own key derived from the
 * server's secret (a quiz receipt can never pass for one, nor the other way round). It says only
 * that this exercise was passed at this time; it counts once the visitor signs in.
 */
export function createTrialReceiptSigner(secret: string) {
  const signer = createClaimSigner(secret, "koc trial receipts v1", trialClaims, TRIAL_RECEIPT_PREFIX);
  return {
    issue(exerciseId: string, at: number, withHelp = false): string {
      return signer.seal({ i: `t:${receiptId()}`, x: exerciseId, t: at, ...(withHelp ? { w: 1 as const } : {}) });
    },

    /** The claims of a genuine, unexpired trial receipt; null for anything else. */
    verify(token: string, now: number): TrialReceiptClaims | null {
      const c = signer.open(token);
      if (!c || !withinLifetime(c.t, now)) return null;
      return { id: c.i, exerciseId: c.x, at: c.t, withHelp: c.w === 1 };
    },
  };
}

export type TrialReceiptSigner = ReturnType<typeof createTrialReceiptSigner>;
