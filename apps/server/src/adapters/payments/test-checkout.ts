import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { ensureSecretFile } from "../../data-dir.js";
import type { DbOrTx } from "../../db/client.js";
import { paymentOrders, testCheckoutPayments } from "../../db/schema.js";
import { ConflictError } from "../../errors.js";
import { checkoutSignature } from "./signature.js";
import type { PaymentGateway } from "./types.js";

/** What Razorpay's checkout answers for an order that has already been paid. */
export const ORDER_ALREADY_PAID = "This order has already been paid.";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** Ids shaped like Razorpay's: order_ or pay_ and 14 letters and digits. */
export const gatewayId = (prefix: "order" | "pay") =>
  `${prefix}_${Array.from(randomBytes(14), (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join("")}`;

/**
 * The secret the test checkout signs with when no Razorpay keys are set: generated on the first start
 * and kept in DATA_DIR/payment-test-secret (owner-readable only), like the JWT secret.
 */
export const ensureTestCheckoutSecret = (dataDir: string): string =>
  ensureSecretFile(dataDir, "payment-test-secret", 32);

export interface TestCheckoutGateway extends PaymentGateway {
  mode: "test";
  /** What the test dialog's Pay button does: a captured payment, signed with Razorpay's formula. */
  pay(order: { id: string; amount: number; currency: string }): Promise<{
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  }>;
  /** What its "Make payment fail" button does: a failed payment, as a card decline would leave. */
  fail(order: { id: string; amount: number; currency: string }): Promise<{ paymentId: string }>;
}

/** Orders and payments kept in our own database; the browser shows our own labelled test dialog. */
export function createTestCheckoutGateway(db: DbOrTx, secret: string): TestCheckoutGateway {
  /**
   * Like Razorpay, an order is paid at most once: the order's row is locked while its payments are
   * looked at, so two Pay clicks racing (two tabs) cannot both capture it.
   */
  const record = (order: { id: string; amount: number; currency: string }, status: "captured" | "failed") =>
    db.transaction(async (tx) => {
      await tx.select({ id: paymentOrders.id }).from(paymentOrders).where(eq(paymentOrders.id, order.id)).for("update");
      const [paid] = await tx
        .select({ id: testCheckoutPayments.id })
        .from(testCheckoutPayments)
        .where(and(eq(testCheckoutPayments.orderId, order.id), eq(testCheckoutPayments.status, "captured")));
      if (paid) throw new ConflictError(ORDER_ALREADY_PAID);
      const id = gatewayId("pay");
      await tx
        .insert(testCheckoutPayments)
        .values({ id, orderId: order.id, status, amount: order.amount, currency: order.currency });
      return id;
    });
  return {
    mode: "test",
    keyId: "test_checkout",
    keySecret: secret,
    async createOrder(input) {
      return { id: gatewayId("order"), amount: input.amount, currency: input.currency };
    },
    async fetchPayment(paymentId) {
      const [row] = await db.select().from(testCheckoutPayments).where(eq(testCheckoutPayments.id, paymentId));
      if (!row) return null;
      return {
        id: row.id,
        orderId: row.orderId,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        errorDescription: row.status === "failed" ? "The test payment was declined." : null,
      };
    },
    async capture(paymentId) {
      const payment = await this.fetchPayment(paymentId);
      if (!payment) throw new Error(`unknown test payment ${paymentId}`);
      return payment;
    },
    async pay(order) {
      const paymentId = await record(order, "captured");
      return {
        razorpay_order_id: order.id,
        razorpay_payment_id: paymentId,
        razorpay_signature: checkoutSignature(secret, order.id, paymentId),
      };
    },
    async fail(order) {
      return { paymentId: await record(order, "failed") };
    },
  };
}
