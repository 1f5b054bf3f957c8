import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { razorpayPayment, toGatewayPayment } from "../../adapters/payments/razorpay.js";
import { hmacHex, signaturesMatch } from "../../adapters/payments/signature.js";
import type { Db } from "../../db/client.js";
import { paymentOrders, paymentWebhookEvents } from "../../db/schema.js";
import { BadRequestError, NotFoundError } from "../../errors.js";
import { fulfil, matchesOrder, recordFailure } from "./service.js";

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
}

/**
 * POST /api/payment/webhook: Razorpay's server-to-server call. The signature is checked on the raw
 * body; each event id is handled once (its row is written in the same transaction as its effect, so
 * a failure is retried by Razorpay's redelivery rather than lost).
 */
export function createWebhookHandler({ db, secret, log }: WebhookDeps) {
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

    return db.transaction(async (tx) => {
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
      if (fresh.length === 0) return { status: "duplicate" };

      let outcome = "ignored";
      const [order] = payment?.orderId
        ? await tx.select().from(paymentOrders).where(eq(paymentOrders.id, payment.orderId))
        : [];
      if (!payment || !order) {
        outcome = payment ? "ignored: unknown order" : "ignored: no payment";
      } else if (parsed.event === "payment.captured" || parsed.event === "order.paid") {
        if (payment.status !== "captured" || !matchesOrder(order, payment)) {
          outcome = "refused: payment does not match the order";
          log.warn({ eventId, payment, orderId: order.id }, "webhook payment does not match its order");
        } else {
          const result = await fulfil(tx, order, payment, "razorpay:webhook");
          outcome = `fulfilled: ${result.invoiceId}`;
        }
      } else if (parsed.event === "payment.failed") {
        await recordFailure(tx, order, payment.id, payment.errorDescription);
        outcome = "recorded: payment failed";
      }
      await tx.update(paymentWebhookEvents).set({ outcome }).where(eq(paymentWebhookEvents.eventId, eventId));
      return { status: outcome };
    });
  };
}
