import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** A receipt is worth something for 30 days after the visitor's attempt. */
export const RECEIPT_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Signed claims: `prefix` + `payload.signature`, both base64url, HMAC-SHA256 with a key derived from
 * the server's secret and `purpose` (so a token made for one purpose never passes for another).
 * Short, self-contained, and impossible to forge or alter without the key. `open` answers the
 * claims, parsed with `schema`, of a genuine token; null for anything else.
 */
export function createClaimSigner<T extends z.ZodType>(secret: string, purpose: string, schema: T, prefix = "") {
  const key = createHmac("sha256", secret).update(purpose).digest();
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
  return {
    seal(claims: z.input<T>): string {
      const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
      return `${prefix}${payload}.${sign(payload)}`;
    },
    open(token: string): z.output<T> | null {
      if (!token.startsWith(prefix)) return null;
      const [payload, signature, extra] = token.slice(prefix.length).split(".");
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
      const parsed = schema.safeParse(raw);
      return parsed.success ? parsed.data : null;
    },
  };
}

/** Whether a receipt made at `at` still counts at `now` (a minute of clock skew allowed). */
export const withinLifetime = (at: number, now: number) => at <= now + 60_000 && now - at <= RECEIPT_LIFETIME_MS;

/** A random receipt id (the redeemed_receipts primary key makes each receipt single use). */
export const receiptId = () => randomBytes(12).toString("base64url");

export interface ReceiptClaims {
  /** Random id: the redeemed_receipts primary key makes each receipt single use. */
  id: string;
  /** The topic's quiz: a lesson id; or, for the course-level quiz panel, `course` names the course. */
  materialId: string | null;
  courseId: string | null;
  score: number;
  /** When the visitor's attempt was graded (ms since epoch). */
  at: number;
}

/** `m`: the lesson of a topic quiz; `c`: the course of a course-level quiz (exactly one of them). */
const quizClaims = z
  .object({
    i: z.string(),
    m: z.string().optional(),
    c: z.string().optional(),
    s: z.number().int().min(0).max(100),
    t: z.number(),
  })
  .refine((c) => (c.m === undefined) !== (c.c === undefined));

/** Visitor quiz receipts: signed claims of a graded attempt (see createClaimSigner). */
export function createReceiptSigner(secret: string) {
  const signer = createClaimSigner(secret, "koc quiz receipts v1", quizClaims);
  return {
    /** A topic quiz's receipt. */
    issue(materialId: string, score: number, at: number): string {
      return signer.seal({ i: receiptId(), m: materialId, s: score, t: at });
    },
    /** A course-level quiz's receipt. */
    issueForCourse(courseId: string, score: number, at: number): string {
      return signer.seal({ i: receiptId(), c: courseId, s: score, t: at });
    },
    /** The claims of a genuine, unexpired receipt; null for anything else. */
    verify(token: string, now: number): ReceiptClaims | null {
      const c = signer.open(token);
      if (!c || !withinLifetime(c.t, now)) return null;
      return { id: c.i, materialId: c.m ?? null, courseId: c.c ?? null, score: c.s, at: c.t };
    },
  };
}

export type ReceiptSigner = ReturnType<typeof createReceiptSigner>;
