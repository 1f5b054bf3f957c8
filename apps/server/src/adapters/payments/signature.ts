import { createHmac, timingSafeEqual } from "node:crypto";

export const hmacHex = (secret: string, data: string | Buffer) =>
  createHmac("sha256", secret).update(data).digest("hex");

/** Razorpay's checkout signature: hex HMAC-SHA256 of "order_id|payment_id" with the key secret. */
export const checkoutSignature = (secret: string, orderId: string, paymentId: string) =>
  hmacHex(secret, `${orderId}|${paymentId}`);

/** Constant-time comparison of two hex signatures (false for anything malformed). */
export function signaturesMatch(expectedHex: string, givenHex: string | undefined): boolean {
  if (typeof givenHex !== "string" || !/^[0-9a-f]+$/i.test(givenHex)) return false;
  const expected = Buffer.from(expectedHex, "hex");
  const given = Buffer.from(givenHex.toLowerCase(), "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}
