/**
 * A local stand-in for Razorpay's REST API, speaking its documented protocol over real HTTP:
 * POST /v1/orders, GET /v1/payments/:id, POST /v1/payments/:id/capture, with HTTP basic auth and
 * Razorpay's error envelope. Tests add payments to it as a learner's checkout would.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeOrder {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  order_id: string | null;
  method: string;
  captured: boolean;
  email: string;
  contact: string;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex").slice(0, 14)}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeRazorpay(keyId: string, keySecret: string) {
  const orders = new Map<string, FakeOrder>();
  const paymentsById = new Map<string, FakePayment>();
  const requests: { method: string; path: string; body: unknown }[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, description: string, field?: string) =>
    send(res, status, {
      error: {
        code: "BAD_REQUEST_ERROR",
        description,
        source: "business",
        step: "payment_initiation",
        reason: "input_validation_failed",
        metadata: {},
        ...(field ? { field } : {}),
      },
    });

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return text ? JSON.parse(text) : {};
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = req.method === "POST" ? await readBody(req).catch(() => null) : undefined;
    requests.push({ method: req.method ?? "", path: url.pathname, body });
    if (req.headers.authorization !== expectedAuth) {
      return send(res, 401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
    }
    if (req.method === "POST" && url.pathname === "/v1/orders") {
      const b = body as {
        amount?: unknown;
        currency?: unknown;
        receipt?: unknown;
        notes?: Record<string, string>;
      } | null;
      if (!b || typeof b.amount !== "number" || !Number.isInteger(b.amount) || b.amount < 100) {
        return error(res, 400, "The amount must be atleast INR 1.00", "amount");
      }
      if (typeof b.currency !== "string") return error(res, 400, "The currency field is required.", "currency");
      if (typeof b.receipt === "string" && b.receipt.length > 40) {
        return error(res, 400, "receipt: the length must be no more than 40.", "receipt");
      }
      const order: FakeOrder = {
        id: id("order"),
        entity: "order",
        amount: b.amount,
        amount_paid: 0,
        amount_due: b.amount,
        currency: b.currency,
        receipt: String(b.receipt ?? ""),
        status: "created",
        attempts: 0,
        notes: b.notes ?? {},
        created_at: now(),
      };
      orders.set(order.id, order);
      return send(res, 200, order);
    }
    const payMatch = /^\/v1\/payments\/([^/]+)(\/capture)?$/.exec(url.pathname);
    if (payMatch) {
      const payment = paymentsById.get(decodeURIComponent(payMatch[1] ?? ""));
      if (!payment) return error(res, 400, "The id provided does not exist", "id");
      if (req.method === "GET" && !payMatch[2]) return send(res, 200, payment);
      if (req.method === "POST" && payMatch[2]) {
        const b = body as { amount?: unknown; currency?: unknown } | null;
        if (payment.status !== "authorized") return error(res, 400, "This payment has already been captured");
        if (b?.amount !== payment.amount)
          return error(res, 400, "Capture amount must be equal to the amount authorized", "amount");
        if (b?.currency !== payment.currency) return error(res, 400, "The currency does not match", "currency");
        payment.status = "captured";
        payment.captured = true;
        const order = payment.order_id ? orders.get(payment.order_id) : undefined;
        if (order) Object.assign(order, { status: "paid", amount_paid: order.amount, amount_due: 0 });
        return send(res, 200, payment);
      }
    }
    return send(res, 404, {
      error: { code: "BAD_REQUEST_ERROR", description: "The requested URL was not found on the server." },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    payments: paymentsById,
    requests,
    /** What Razorpay's checkout does when the learner pays: a payment on the order, authorized or captured. */
    pay(orderId: string, options: { status?: FakePayment["status"]; amount?: number; currency?: string } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      order.attempts += 1;
      const payment: FakePayment = {
        id: id("pay"),
        entity: "payment",
        amount: options.amount ?? order.amount,
        currency: options.currency ?? order.currency,
        status: options.status ?? "captured",
        order_id: order.id,
        method: "card",
        captured: (options.status ?? "captured") === "captured",
        email: "learner@example.com",
        contact: "+919000090000",
        error_code: options.status === "failed" ? "BAD_REQUEST_ERROR" : null,
        error_description: options.status === "failed" ? "Your payment has been declined by the bank." : null,
        created_at: now(),
      };
      paymentsById.set(payment.id, payment);
      if (payment.status === "captured")
        Object.assign(order, { status: "paid", amount_paid: order.amount, amount_due: 0 });
      return payment;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeRazorpay = Awaited<ReturnType<typeof startFakeRazorpay>>;
