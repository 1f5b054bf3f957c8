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

interface RazorpayPaymentEntity {
  id: string;
  order_id?: string | null;
  amount: number;
  currency: string;
  status: GatewayPayment["status"];
  error_description?: string | null;
}

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

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; data: T }> {
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
    const data = (await res.json().catch(() => null)) as T;
    return { status: res.status, data };
  }

  const failure = (what: string, status: number, data: unknown) => {
    const description = (data as { error?: { description?: string } } | null)?.error?.description;
    return new UpstreamError(`Razorpay ${what} failed (${status}${description ? `: ${description}` : ""})`);
  };

  return {
    mode: "razorpay",
    keyId: options.keyId,
    keySecret: options.keySecret,

    async createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
      const { status, data } = await call<{ id: string; amount: number; currency: string }>(
        "POST",
        "/v1/orders",
        input,
      );
      if (status !== 200 || !data?.id) throw failure("order creation", status, data);
      return { id: data.id, amount: data.amount, currency: data.currency };
    },

    async fetchPayment(paymentId: string) {
      const { status, data } = await call<RazorpayPaymentEntity>(
        "GET",
        `/v1/payments/${encodeURIComponent(paymentId)}`,
      );
      if (status === 400 || status === 404) return null;
      if (status !== 200 || !data?.id) throw failure("payment lookup", status, data);
      return toGatewayPayment(data);
    },

    async capture(paymentId: string, amount: number, currency: string) {
      const { status, data } = await call<RazorpayPaymentEntity>(
        "POST",
        `/v1/payments/${encodeURIComponent(paymentId)}/capture`,
        { amount, currency },
      );
      if (status !== 200 || !data?.id) throw failure("capture", status, data);
      return toGatewayPayment(data);
    },
  };
}
