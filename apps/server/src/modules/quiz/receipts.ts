import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A receipt is worth something for 30 days after the visitor's attempt. */
export const RECEIPT_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface ReceiptClaims {
  /** Random id: the redeemed_receipts primary key makes each receipt single use. */
  id: string;
  materialId: string;
  score: number;
  /** When the visitor's attempt was graded (ms since epoch). */
  at: number;
}

/**
 * Visitor receipts: `payload.signature`, both base64url, HMAC-SHA256 with a key derived from the
 * server's secret. Short, self-contained, and impossible to forge or alter without the key.
 */
export function createReceiptSigner(secret: string) {
  const key = createHmac("sha256", secret).update("koc quiz receipts v1").digest();
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

  return {
    issue(materialId: string, score: number, at: number): string {
      const claims = { i: randomBytes(12).toString("base64url"), m: materialId, s: score, t: at };
      const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
      return `${payload}.${sign(payload)}`;
    },

    /** The claims of a genuine, unexpired receipt; null for anything else. */
    verify(token: string, now: number): ReceiptClaims | null {
      const [payload, signature, extra] = token.split(".");
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
      const { i, m, s, t } = raw as Record<string, unknown>;
      if (typeof i !== "string" || typeof m !== "string" || typeof s !== "number" || typeof t !== "number") return null;
      if (!Number.isInteger(s) || s < 0 || s > 100) return null;
      if (t > now + 60_000 || now - t > RECEIPT_LIFETIME_MS) return null;
      return { id: i, materialId: m, score: s, at: t };
    },
  };
}

export type ReceiptSigner = ReturnType<typeof createReceiptSigner>;
