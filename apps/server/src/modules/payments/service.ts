import { randomBytes } from "node:crypto";
import {
  type CheckoutSuccess,
  type CreateOrderResponse,
  type PaymentHistory,
  PREMIUM_ITEM,
  PREMIUM_PRICE,
  type VerifyPaymentResponse,
} from "@koc/shared";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { checkoutSignature, signaturesMatch } from "../../adapters/payments/signature.js";
import type { TestCheckoutGateway } from "../../adapters/payments/test-checkout.js";
import type { GatewayPayment, PaymentGateway } from "../../adapters/payments/types.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { invoices, paymentOrders, payments, users } from "../../db/schema.js";
import { BadRequestError, ConflictError, NotFoundError, UnavailableError, UpstreamError } from "../../errors.js";
import { grantForPayment } from "./entitlements.js";

export const ALREADY_PREMIUM = "You already have lifetime premium. Nothing more to pay!";
export const ORDER_NOT_FOUND = "Order not found";
export const BAD_SIGNATURE = "Payment signature is invalid";
export const PAYMENT_MISMATCH = "The payment does not match this order";
export const PAYMENT_NOT_CAPTURED = "The payment has not been completed";
export const PAYMENTS_OFF = "Payments are not configured on this server";

type OrderRow = typeof paymentOrders.$inferSelect;

export const invoiceUrl = (invoiceId: string) => `/api/payment/invoices/${invoiceId}`;

const newReceipt = () => `koc_${randomBytes(12).toString("base64url")}`;

export interface PaymentServiceDeps {
  db: Db;
  /** Null when payments are off (production without Razorpay keys). */
  gateway: PaymentGateway | null;
  log: FastifyBaseLogger;
  /** Queues the buyer's invoice mail once the payment is committed (a durable job, sent once per invoice). */
  queueInvoiceMail?: (invoiceId: string) => Promise<unknown>;
}

/**
 * Queues an invoice's mail after its payment committed. A failure to queue is logged, not raised: the
 * payment stands, and the queue's start finds invoices whose mail was never delivered.
 */
export async function queueInvoiceMailSafely(
  queue: ((invoiceId: string) => Promise<unknown>) | undefined,
  invoiceId: string,
  log: Pick<FastifyBaseLogger, "warn">,
) {
  try {
    await queue?.(invoiceId);
  } catch (err) {
    log.warn({ err, invoiceId }, "invoice mail could not be queued; it is queued again at the next start");
  }
}

/**
 * Records a captured payment of an order and everything it grants, inside the caller's transaction.
 * The payment id is unique and there is one invoice per payment, so concurrent or repeated calls
 * (verify-payment, webhooks) write once and all return the same invoice.
 */
export async function fulfil(tx: DbOrTx, order: OrderRow, payment: GatewayPayment, actor: string) {
  const buyerId = order.userId;
  // Unpaid orders go with a deleted account (decision 0027); a paid one only loses its buyer.
  if (!buyerId) throw new NotFoundError("The account of this order has been deleted");
  const inserted = await tx
    .insert(payments)
    .values({
      id: payment.id,
      orderId: order.id,
      userId: order.userId,
      status: "captured",
      amount: payment.amount,
      currency: payment.currency,
    })
    .onConflictDoUpdate({
      target: payments.id,
      set: { status: "captured", errorDescription: null },
      where: eq(payments.status, "failed"),
    })
    .returning({ id: payments.id });
  if (inserted.length > 0) {
    const [buyer] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, buyerId));
    if (!buyer) throw new NotFoundError("User not found");
    await tx
      .insert(invoices)
      .values({
        paymentId: payment.id,
        orderId: order.id,
        userId: order.userId,
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        item: PREMIUM_ITEM,
        amount: payment.amount,
        currency: payment.currency,
      })
      .onConflictDoNothing();
    await grantForPayment(tx, buyerId, payment.id, actor);
  }
  const [invoice] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.paymentId, payment.id));
  if (!invoice) throw new Error(`payment ${payment.id} has no invoice`);
  return { success: true as const, orderId: order.id, invoiceId: invoice.id, invoiceUrl: invoiceUrl(invoice.id) };
}

/** The same checks for every source of a payment: it belongs to this order and pays its full price. */
export const matchesOrder = (order: OrderRow, payment: GatewayPayment) =>
  payment.orderId === order.id && payment.amount === order.amount && payment.currency === order.currency;

export function createPaymentService({ db, gateway, log, queueInvoiceMail }: PaymentServiceDeps) {
  const requireGateway = () => {
    if (!gateway) throw new UnavailableError(PAYMENTS_OFF);
    return gateway;
  };

  async function ownOrder(userId: string, orderId: string): Promise<OrderRow> {
    const [order] = await db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.userId, userId)));
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    return order;
  }

  const testGateway = (): TestCheckoutGateway => {
    const g = requireGateway();
    if (g.mode !== "test") throw new NotFoundError("The test checkout is off: this server takes real payments");
    return g as TestCheckoutGateway;
  };

  return {
    get mode() {
      return gateway?.mode ?? null;
    },

    /** The server sets the price; the body's amount and currency are never read. */
    async createOrder(userId: string): Promise<CreateOrderResponse> {
      const g = requireGateway();
      const [user] = await db.select({ isPremium: users.isPremium }).from(users).where(eq(users.id, userId));
      if (!user) throw new NotFoundError("User not found");
      if (user.isPremium) throw new ConflictError(ALREADY_PREMIUM);
      const { amount, currency } = PREMIUM_PRICE;
      const receipt = newReceipt();
      const order = await g.createOrder({ amount, currency, receipt, notes: { userId, item: PREMIUM_ITEM } });
      if (order.amount !== amount || order.currency !== currency) {
        throw new UpstreamError("The payment provider created an order for the wrong amount");
      }
      await db.insert(paymentOrders).values({ id: order.id, userId, gateway: g.mode, amount, currency, receipt });
      return { id: order.id, amount, currency, mode: g.mode, keyId: g.keyId };
    },

    async verify(userId: string, body: CheckoutSuccess): Promise<VerifyPaymentResponse> {
      const g = requireGateway();
      const order = await ownOrder(userId, body.razorpay_order_id);
      const expected = checkoutSignature(g.keySecret, order.id, body.razorpay_payment_id);
      if (!signaturesMatch(expected, body.razorpay_signature)) throw new BadRequestError(BAD_SIGNATURE);

      // Already fulfilled (by an earlier verify or by the webhook): the same invoice, nothing granted twice.
      const [done] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.paymentId, body.razorpay_payment_id), eq(invoices.orderId, order.id)));
      if (done) return { success: true, orderId: order.id, invoiceId: done.id, invoiceUrl: invoiceUrl(done.id) };

      let payment = await g.fetchPayment(body.razorpay_payment_id);
      if (!payment || !matchesOrder(order, payment)) {
        log.warn({ orderId: order.id, paymentId: body.razorpay_payment_id, payment }, "payment does not match order");
        throw new BadRequestError(PAYMENT_MISMATCH);
      }
      if (payment.status === "authorized") {
        try {
          payment = await g.capture(payment.id, order.amount, order.currency);
        } catch (err) {
          // A concurrent verify may have captured it first: look again before giving up.
          const again = await g.fetchPayment(payment.id);
          if (again?.status !== "captured") throw err;
          payment = again;
        }
      }
      if (payment.status !== "captured" || !matchesOrder(order, payment))
        throw new BadRequestError(PAYMENT_NOT_CAPTURED);
      const captured = payment;
      const result = await db.transaction((tx) => fulfil(tx, order, captured, `${g.mode}:verify-payment`));
      await queueInvoiceMailSafely(queueInvoiceMail, result.invoiceId, log);
      return result;
    },

    /** The test dialog's Pay: only the order's owner, only in test mode. */
    async testCheckoutPay(userId: string, orderId: string) {
      const g = testGateway();
      return g.pay(await ownOrder(userId, orderId));
    },

    /** The test dialog's "Make payment fail": recorded as a failed payment, as payment.failed would be. */
    async testCheckoutFail(userId: string, orderId: string) {
      const g = testGateway();
      const order = await ownOrder(userId, orderId);
      const { paymentId } = await g.fail(order);
      await recordFailure(db, order, paymentId, "The test payment was declined.");
      return { message: "Payment failed. Please try again." };
    },

    async history(userId: string): Promise<PaymentHistory> {
      const [paid, bills] = await Promise.all([
        db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)),
        db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.issuedAt)),
      ]);
      return {
        payments: paid.map((p) => ({
          paymentId: p.id,
          orderId: p.orderId,
          status: p.status,
          amount: p.amount,
          currency: p.currency,
          createdAt: p.createdAt.toISOString(),
        })),
        invoices: bills.map((i) => ({
          invoiceId: i.id,
          invoiceUrl: invoiceUrl(i.id),
          orderId: i.orderId,
          paymentId: i.paymentId,
          item: i.item,
          amount: i.amount,
          currency: i.currency,
          issuedAt: i.issuedAt.toISOString(),
        })),
      };
    },

    /** The caller's own invoice; anyone else's is "not found". */
    async invoice(userId: string, invoiceId: string) {
      const [invoice] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
      if (!invoice) throw new NotFoundError("Invoice not found");
      return invoice;
    },
  };
}

/** A failed attempt is kept (never over a captured one) so support can see what happened. */
export async function recordFailure(tx: DbOrTx, order: OrderRow, paymentId: string, description: string | null) {
  await tx
    .insert(payments)
    .values({
      id: paymentId,
      orderId: order.id,
      userId: order.userId,
      status: "failed",
      amount: order.amount,
      currency: order.currency,
      errorDescription: description,
    })
    .onConflictDoNothing();
}

export type PaymentService = ReturnType<typeof createPaymentService>;
