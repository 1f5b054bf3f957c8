import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { RECEIPT_LIFETIME_MS } from "../quiz/receipts.js";

/** Trial receipts start with this, so POST /api/quiz/receipts tells them from quiz receipts. */
export const TRIAL_RECEIPT_PREFIX = "t.";

export interface TrialReceiptClaims {
  /** Random id, prefixed "t:": the redeemed_receipts primary key makes it single use. */
  id: string;
  exerciseId: string;
  /** When the visitor passed (ms since epoch). */
  at: number;
}

/**
 * A visitor's pass of a trial: `t.payload.signature`, HMAC-SHA256 with its own key derived from the
 * server's secret (a quiz receipt can never pass for one, nor the other way round). It says only
 * that this exercise was passed at this time; it counts once the visitor signs in.
 */
export function createTrialReceiptSigner(secret: string) {
  const key = createHmac("sha256", secret).update("koc trial receipts v1").digest();
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

  return {
    issue(exerciseId: string, at: number): string {
      const claims = { i: `t:${randomBytes(12).toString("base64url")}`, x: exerciseId, t: at };
      const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
      return `${TRIAL_RECEIPT_PREFIX}${payload}.${sign(payload)}`;
    },

    /** The claims of a genuine, unexpired trial receipt; null for anything else. */
    verify(token: string, now: number): TrialReceiptClaims | null {
      if (!token.startsWith(TRIAL_RECEIPT_PREFIX)) return null;
      const [payload, signature, extra] = token.slice(TRIAL_RECEIPT_PREFIX.length).split(".");
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let raw: unknown;
      try {
        raw = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      } catch {
        return null;
      }
      if (!raw || typeof raw !== "object") return null;
      const { i, x, t } = raw as Record<string, unknown>;
      if (typeof i !== "string" || !i.startsWith("t:") || typeof x !== "string" || typeof t !== "number") return null;
      if (t > now + 60_000 || now - t > RECEIPT_LIFETIME_MS) return null;
      return { id: i, exerciseId: x, at: t };
    },
  };
}

export type TrialReceiptSigner = ReturnType<typeof createTrialReceiptSigner>;
