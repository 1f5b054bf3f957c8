import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { razorpayPayment, toGatewayPayment } from "../../adapters/payments/razorpay.js";
import { hmacHex, signaturesMatch } from "../../adapters/payments/signature.js";
import type { Db } from "../../db/client.js";
import { paymentOrders, paymentWebhookEvents } from "../../db/schema.js";
import { BadRequestError, NotFoundError } from "../../errors.js";
import { fulfil, matchesOrder, queueInvoiceMailSafely, recordFailure } from "./service.js";

export const BAD_WEBHOOK_SIGNATURE = "Invalid webhook signature";

/** Razorpay's event envelope; only the parts we act on are checked. */
const webhookEvent = z.object({
  entity: z.literal("event"),
  event: z.string().min(1).max(100),
  payload: z
    .object({ payment: z.object({ entity: razorpayPayment }).optional() })
    .loose()
    .default({}),
});

export interface WebhookDeps {
  db: Db;
  secret: string | undefined;
  log: FastifyBaseLogger;
  queueInvoiceMail?: (invoiceId: string) => Promise<unknown>;
}

/**
 * POST /api/payment/webhook: Razorpay's server-to-server call. The signature is checked on the raw
 * body; each event id is handled once (its row is written in the same transaction as its effect, so
 * a failure is retried by Razorpay's redelivery rather than lost).
 */
export function createWebhookHandler({ db, secret, log, queueInvoiceMail }: WebhookDeps) {
  return async function handle(raw: Buffer, signature: string | undefined, eventId: string | undefined) {
    if (!secret) throw new NotFoundError("Webhooks are not configured (RAZORPAY_WEBHOOK_SECRET)");
    if (!signaturesMatch(hmacHex(secret, raw), signature)) throw new BadRequestError(BAD_WEBHOOK_SIGNATURE);
    if (!eventId || eventId.length > 100) throw new BadRequestError("x-razorpay-event-id: is required");
    let parsed: z.infer<typeof webhookEvent>;
    try {
      parsed = webhookEvent.parse(JSON.parse(raw.toString("utf8")));
    } catch {
      throw new BadRequestError("body: is not a Razorpay event");
    }
    const entity = parsed.payload.payment?.entity;
    const payment = entity ? toGatewayPayment(entity) : null;

    const handled = await db.transaction(async (tx) => {
      const fresh = await tx
        .insert(paymentWebhookEvents)
        .values({
          eventId,
          event: parsed.event,
          paymentId: payment?.id ?? null,
          orderId: payment?.orderId ?? null,
          outcome: "received",
        })
        .onConflictDoNothing()
        .returning({ eventId: paymentWebhookEvents.eventId });
      if (fresh.length === 0) return { status: "duplicate", invoiceId: null };

      let outcome = "ignored";
      let invoiceId: string | null = null;
      const [order] = payment?.orderId
        ? await tx.select().from(paymentOrders).where(eq(paymentOrders.id, payment.orderId))
        : [];
      if (!payment || !order) {
        outcome = payment ? "ignored: unknown order" : "ignored: no payment";
      } else if (parsed.event === "payment.captured" || parsed.event === "order.paid") {
        if (payment.status !== "captured" || !matchesOrder(order, payment)) {
          outcome = "refused: payment does not match the order";
          log.warn({ eventId, payment, orderId: order.id }, "webhook payment does not match its order");
        } else if (!order.userId) {
          // The buyer deleted their account before this capture arrived: refund it from Razorpay's dashboard.
          outcome = "refused: the account of this order has been deleted";
          log.warn({ eventId, paymentId: payment.id, orderId: order.id }, "payment captured for a deleted account");
        } else {
          const result = await fulfil(tx, order, payment, "razorpay:webhook");
          outcome = `fulfilled: ${result.invoiceId}`;
          invoiceId = result.invoiceId;
        }
      } else if (parsed.event === "payment.failed") {
        await recordFailure(tx, order, payment.id, payment.errorDescription);
        outcome = "recorded: payment failed";
      }
      await tx.update(paymentWebhookEvents).set({ outcome }).where(eq(paymentWebhookEvents.eventId, eventId));
      return { status: outcome, invoiceId };
    });
    if (handled.invoiceId) await queueInvoiceMailSafely(queueInvoiceMail, handled.invoiceId, log);
    return { status: handled.status };
  };
}
