import { z } from "zod";

/** The one thing for sale: lifetime premium, 10000 paise in INR. */
export const PREMIUM_PRICE = { amount: 10000, currency: "INR", courseId: "premium_course" } as const;
export const PREMIUM_ITEM = "Kingdom of Code Lifetime Premium";

/**
 * POST /api/payment/create-order. Razorpay's order fields are accepted but never believed: the server sets
 * the price, so amount and currency are read only to be ignored.
 */
export const createOrderRequest = z
  .object({
    amount: z.unknown().optional(),
    currency: z.unknown().optional(),
    courseId: z.string().max(100, "must be at most 100 characters").optional(),
    courseTitle: z.string().max(200, "must be at most 200 characters").optional(),
    customerEmail: z.string().max(254, "must be at most 254 characters").optional(),
    customerName: z.string().max(200, "must be at most 200 characters").optional(),
  })
  .default({});

/** The order the browser's checkout opens (id, amount, currency), plus which checkout and key. */
export const createOrderResponse = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  mode: z.enum(["razorpay", "test"]),
  keyId: z.string(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponse>;

/**
 * GET /api/payment/mode (public): which checkout this server takes, so the premium box can say up
 * front when it takes none ("off": no Razorpay keys and the test checkout is off).
 */
export const paymentMode = z.object({ mode: z.enum(["razorpay", "test", "off"]) });
export type PaymentMode = z.infer<typeof paymentMode>;

const gatewayId = (prefix: string) =>
  z
    .string({ error: "is required" })
    .min(1, "is required")
    .max(64, "must be at most 64 characters")
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]+$`), `must look like ${prefix}_...`);

export const orderIdField = gatewayId("order");
export const paymentIdField = gatewayId("pay");

/** The fields Razorpay's checkout hands the success handler (and the test checkout returns). */
export const checkoutSuccess = z.object({
  razorpay_order_id: orderIdField,
  razorpay_payment_id: paymentIdField,
  razorpay_signature: z
    .string({ error: "is required" })
    .regex(/^[0-9a-f]{64}$/i, "must be a hex HMAC-SHA256 signature"),
});
export type CheckoutSuccess = z.infer<typeof checkoutSuccess>;

/** POST /api/payment/verify-payment */
export const verifyPaymentRequest = checkoutSuccess;

export const verifyPaymentResponse = z.object({
  success: z.literal(true),
  orderId: z.string(),
  invoiceId: z.string(),
  invoiceUrl: z.string(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponse>;

/** POST /api/payment/test-checkout/{pay,fail}: what the test checkout dialog sends. */
export const testCheckoutRequest = z.object({ order_id: orderIdField });
export const testCheckoutFailure = z.object({ message: z.string() });

export const invoiceIdParams = z.object({
  invoiceId: z
    .string()
    .max(40, "must be at most 40 characters")
    .regex(/^INV-[0-9]{6,}$/, "must look like INV-000001"),
});

/** GET /api/payment/history: the caller's own payments and invoices. */
export const paymentHistory = z.object({
  payments: z.array(
    z.object({
      paymentId: z.string(),
      orderId: z.string(),
      status: z.enum(["captured", "failed"]),
      amount: z.number().int(),
      currency: z.string(),
      createdAt: z.string(),
    }),
  ),
  invoices: z.array(
    z.object({
      invoiceId: z.string(),
      invoiceUrl: z.string(),
      orderId: z.string(),
      paymentId: z.string(),
      item: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      issuedAt: z.string(),
    }),
  ),
});
export type PaymentHistory = z.infer<typeof paymentHistory>;

/** "₹100.00" from 10000 paise. */
export function formatAmount(amount: number, currency: string): string {
  const value = (amount / 100).toFixed(2);
  return currency === "INR" ? `₹${value}` : `${currency} ${value}`;
}
