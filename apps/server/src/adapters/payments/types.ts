/** What the gateway says about a payment (Razorpay's payment entity, reduced to what we decide on). */
export interface GatewayPayment {
  id: string;
  orderId: string | null;
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  errorDescription: string | null;
}

export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
}

export interface CreateOrderInput {
  amount: number;
  currency: string;
  /** Our own reference, unique, at most 40 characters (Razorpay's limit). */
  receipt: string;
  notes: Record<string, string>;
}

/**
 * A payment provider: Razorpay, or the test checkout that stands in for it on a machine without keys.
 * Checkout results are signed as Razorpay signs them: hex HMAC-SHA256 of "order_id|payment_id" with keySecret.
 */
export interface PaymentGateway {
  mode: "razorpay" | "test";
  /** The public key the browser's checkout opens with. */
  keyId: string;
  keySecret: string;
  createOrder(input: CreateOrderInput): Promise<GatewayOrder>;
  /** The payment as the provider knows it, or null when it has never heard of it. */
  fetchPayment(paymentId: string): Promise<GatewayPayment | null>;
  /** Captures an authorized payment for its full amount. */
  capture(paymentId: string, amount: number, currency: string): Promise<GatewayPayment>;
}
