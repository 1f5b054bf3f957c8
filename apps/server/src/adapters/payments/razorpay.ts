import { z } from "zod";
import { UpstreamError } from "../../errors.js";
import type { CreateOrderInput, GatewayOrder, GatewayPayment, PaymentGateway } from "./types.js";

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  /** https://api.razorpay.com, or a local fake in tests. */
  apiUrl: string;
  fetch?: typeof fetch;
}

const UNAVAILABLE = "The payment provider could not be reached. Please try again.";

/** Razorpay's payment entity (API answers and webhooks), reduced to the fields we decide on. */
export const razorpayPayment = z.object({
  id: z.string().min(1).max(64),
  order_id: z.string().max(64).nullish(),
  amount: z.number().int(),
  currency: z.string().max(8),
  status: z.enum(["created", "authorized", "captured", "refunded", "failed"]),
  error_description: z.string().nullish(),
});
type RazorpayPaymentEntity = z.infer<typeof razorpayPayment>;

/** Razorpay's order entity, as POST /v1/orders answers. */
const razorpayOrder = z.object({
  id: z.string().min(1).max(64),
  amount: z.number().int(),
  currency: z.string().max(8),
});

/** Razorpay's error answer: only its description is shown. */
const razorpayError = z.object({ error: z.object({ description: z.string().max(500).optional() }) });

export const toGatewayPayment = (p: RazorpayPaymentEntity): GatewayPayment => ({
  id: p.id,
  orderId: p.order_id ?? null,
  amount: p.amount,
  currency: p.currency,
  status: p.status,
  errorDescription: p.error_description ?? null,
});

/** Razorpay's REST API (Orders, Payments, capture) with HTTP basic auth. */
export function createRazorpayGateway(options: RazorpayOptions): PaymentGateway {
  const base = options.apiUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString("base64")}`;

  async function call(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
  ): Promise<{ status: number; data: unknown }> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: { authorization, accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new UpstreamError(`${UNAVAILABLE} (${(err as Error).message})`);
    }
    const data: unknown = await res.json().catch(() => null);
    return { status: res.status, data };
  }

  const failure = (what: string, status: number, data: unknown) => {
    const description = razorpayError.safeParse(data).data?.error.description;
    return new UpstreamError(`Razorpay ${what} failed (${status}${description ? `: ${description}` : ""})`);
  };

  /** A 200 answer in the shape `schema` names; anything else (an error, a changed API) is the gateway's failure. */
  function answer<T>(what: string, schema: z.ZodType<T>, status: number, data: unknown): T {
    if (status !== 200) throw failure(what, status, data);
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join(".") || "body";
      throw new UpstreamError(`Razorpay ${what} failed (unexpected answer: ${field})`);
    }
    return parsed.data;
  }

  return {
    mode: "razorpay",
    keyId: options.keyId,
    keySecret: options.keySecret,

    async createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
      const { status, data } = await call("POST", "/v1/orders", input);
      return answer("order creation", razorpayOrder, status, data);
    },

    async fetchPayment(paymentId: string) {
      const { status, data } = await call("GET", `/v1/payments/${encodeURIComponent(paymentId)}`);
      if (status === 400 || status === 404) return null;
      return toGatewayPayment(answer("payment lookup", razorpayPayment, status, data));
    },

    async capture(paymentId: string, amount: number, currency: string) {
      const { status, data } = await call("POST", `/v1/payments/${encodeURIComponent(paymentId)}/capture`, {
        amount,
        currency,
      });
      return toGatewayPayment(answer("capture", razorpayPayment, status, data));
    },
  };
}
