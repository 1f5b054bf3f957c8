import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../../test/accounts.js";
import { type FakeRazorpay, startFakeRazorpay } from "../../../test/fake-razorpay.js";
import { engines } from "../../../test/harness.js";
import {
  createPaymentsTestApp,
  hmac,
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET,
} from "../../../test/payments.js";
import { invoices as invoiceTable, premiumEntitlements } from "../../db/schema.js";

describe.each(engines)("payments through Razorpay (a local fake) on %s", (engine) => {
  let fake: FakeRazorpay;
  let t: Awaited<ReturnType<typeof createPaymentsTestApp>>;
  beforeAll(async () => {
    fake = await startFakeRazorpay(RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET);
    t = await createPaymentsTestApp(engine, fake.url);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  type Learner = Awaited<ReturnType<typeof registerUser>>;
  const post = (url: string, auth: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: "POST", url, headers: auth, payload: payload as object });
  const me = async (u: Learner) => (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: u.auth })).json();
  const createOrder = async (u: Learner) => {
    const res = await post("/api/payment/create-order", u.auth, {
      amount: 1,
      currency: "USD",
      courseId: "premium_course",
      courseTitle: "React Development",
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: string; amount: number; currency: string; mode: string; keyId: string };
  };
  const signed = (orderId: string, paymentId: string) => ({
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: hmac(RAZORPAY_KEY_SECRET, `${orderId}|${paymentId}`),
  });
  const sendWebhook = (body: object, eventId: string, secret = RAZORPAY_WEBHOOK_SECRET) => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: "POST",
      url: "/api/payment/webhook",
      headers: {
        "content-type": "application/json",
        "x-razorpay-signature": hmac(secret, raw),
        "x-razorpay-event-id": eventId,
      },
      payload: raw,
    });
  };
  const capturedEvent = (payment: object) => ({
    entity: "event",
    account_id: "acc_Fake",
    event: "payment.captured",
    contains: ["payment"],
    payload: { payment: { entity: payment } },
    created_at: Math.floor(Date.now() / 1000),
  });
  let events = 0;
  const eventId = () => `evt_${engine}_${++events}_${Date.now()}`;

  it("creates the order at Razorpay with the server's price, basic auth, a short receipt and the user id", async () => {
    const u = await registerUser(t.app);
    const order = await createOrder(u);
    expect(order).toMatchObject({ amount: 10000, currency: "INR", mode: "razorpay", keyId: RAZORPAY_KEY_ID });
    const atRazorpay = fake.orders.get(order.id);
    expect(atRazorpay).toMatchObject({ amount: 10000, currency: "INR", notes: { userId: u.user._id } });
    expect(atRazorpay?.receipt.length).toBeGreaterThan(0);
    expect(atRazorpay?.receipt.length).toBeLessThanOrEqual(40);
  });

  it("verifies a captured payment: premium, an invoice, and the history lists both", async () => {
    const u = await registerUser(t.app);
    const order = await createOrder(u);
    const payment = fake.pay(order.id);
    const res = await post("/api/payment/verify-payment", u.auth, signed(order.id, payment.id));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, orderId: order.id, invoiceId: expect.stringMatching(/^INV-\d{6}$/) });
    expect(body.invoiceUrl).toBe(`/api/payment/invoices/${body.invoiceId}`);
    expect((await me(u)).isPremium).toBe(true);
    const history = (await t.app.inject({ method: "GET", url: "/api/payment/history", headers: u.auth })).json();
    expect(history.payments).toMatchObject([{ paymentId: payment.id, status: "captured", amount: 10000 }]);
    expect(history.invoices).toMatchObject([{ invoiceId: body.invoiceId, invoiceUrl: body.invoiceUrl }]);
    // Premium learners are not sold premium twice.
    expect((await post("/api/payment/create-order", u.auth, {})).statusCode).toBe(409);
  });

  it("captures an authorized payment for the full amount before granting", async () => {
    const u = await registerUser(t.app);
    const order = await createOrder(u);
    const payment = fake.pay(order.id, { status: "authorized" });
    const res = await post("/api/payment/verify-payment", u.auth, signed(order.id, payment.id));
    expect(res.statusCode).toBe(200);
    expect(fake.payments.get(payment.id)?.status).toBe("captured");
    expect(fake.requests).toContainEqual({
      method: "POST",
      path: `/v1/payments/${payment.id}/capture`,
      body: { amount: 10000, currency: "INR" },
    });
  });

  it("refuses a tampered signature, someone else's order and a payment of the wrong amount", async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const order = await createOrder(u);
    const payment = fake.pay(order.id);
    const good = signed(order.id, payment.id);
    const tampered = { ...good, razorpay_signature: hmac("not-the-secret", `${order.id}|${payment.id}`) };
    const bad = await post("/api/payment/verify-payment", u.auth, tampered);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/signature/i);
    expect((await post("/api/payment/verify-payment", u.auth, { ...good, razorpay_signature: "zz" })).statusCode).toBe(
      400,
    );
    // Someone else's order, even with a genuine signature: not found, and nothing for either of them.
    expect((await post("/api/payment/verify-payment", other.auth, good)).statusCode).toBe(404);
    expect((await me(other)).isPremium).toBe(false);
    expect((await me(u)).isPremium).toBe(false);

    const cheap = await createOrder(u);
    const underpaid = fake.pay(cheap.id, { amount: 100 });
    const wrong = await post("/api/payment/verify-payment", u.auth, signed(cheap.id, underpaid.id));
    expect(wrong.statusCode).toBe(400);
    // A payment made on another order cannot be passed off as this one's.
    const elsewhere = fake.pay(order.id);
    expect((await post("/api/payment/verify-payment", u.auth, signed(cheap.id, elsewhere.id))).statusCode).toBe(400);
    // A payment that failed at the bank grants nothing.
    const declined = fake.pay(cheap.id, { status: "failed" });
    expect((await post("/api/payment/verify-payment", u.auth, signed(cheap.id, declined.id))).statusCode).toBe(400);
    expect((await me(u)).isPremium).toBe(false);
    const history = (await t.app.inject({ method: "GET", url: "/api/payment/history", headers: u.auth })).json();
    expect(history.invoices).toEqual([]);
  });

  it("requires a login for every payment call and validates the body", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/payment/create-order", payload: {} })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: "POST", url: "/api/payment/verify-payment", payload: {} })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: "GET", url: "/api/payment/history" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/payment/invoices/INV-000001" })).statusCode).toBe(401);
    const u = await registerUser(t.app);
    const res = await post("/api/payment/verify-payment", u.auth, { razorpay_order_id: "order_x" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/razorpay_payment_id/);
    // The test checkout does not exist when real Razorpay keys are set.
    const order = await createOrder(u);
    expect((await post("/api/payment/test-checkout/pay", u.auth, { order_id: order.id })).statusCode).toBe(404);
  });

  it("refuses a forged webhook and records nothing", async () => {
    const u = await registerUser(t.app);
    const order = await createOrder(u);
    const payment = fake.pay(order.id);
    const forged = await sendWebhook(capturedEvent(payment), eventId(), "guessed-secret");
    expect(forged.statusCode).toBe(400);
    // A genuine signature over other bytes does not carry over to re-serialised or altered JSON.
    const raw = JSON.stringify(capturedEvent(payment));
    const altered = await t.app.inject({
      method: "POST",
      url: "/api/payment/webhook",
      headers: {
        "content-type": "application/json",
        "x-razorpay-signature": hmac(RAZORPAY_WEBHOOK_SECRET, raw),
        "x-razorpay-event-id": eventId(),
      },
      payload: raw.replace('"entity":"event"', '"entity": "event"'),
    });
    expect(altered.statusCode).toBe(400);
    expect((await me(u)).isPremium).toBe(false);
  });

  it("a signed webhook for a payment of the wrong amount or currency grants nothing", async () => {
    const u = await registerUser(t.app);
    const order = await createOrder(u);
    const underpaid = fake.pay(order.id, { amount: 100 });
    const cheap = await sendWebhook(capturedEvent(underpaid), eventId());
    expect(cheap.statusCode).toBe(200);
    expect(cheap.json().status).toMatch(/^refused/);
    const dollars = fake.pay(order.id, { currency: "USD" });
    expect((await sendWebhook({ ...capturedEvent(dollars), event: "order.paid" }, eventId())).json().status).toMatch(
      /^refused/,
    );
    expect((await me(u)).isPremium).toBe(false);
    const history = (await t.app.inject({ method: "GET", url: "/api/payment/history", headers: u.auth })).json();
    expect(history).toEqual({ payments: [], invoices: [] });
  });

  it("a webhook before the browser's verify fulfils the order, and the later verify returns its invoice", async () => {
    const u = await registerUser(t.app);
    const order = await createOrder(u);
    const payment = fake.pay(order.id);
    const id = eventId();
    const hook = await sendWebhook(capturedEvent(payment), id);
    expect(hook.statusCode).toBe(200);
    expect(hook.json().status).toMatch(/^fulfilled: INV-/);
    expect((await me(u)).isPremium).toBe(true);
    // Razorpay redelivers the same event: handled once.
    expect((await sendWebhook(capturedEvent(payment), id)).json().status).toBe("duplicate");
    const verify = await post("/api/payment/verify-payment", u.auth, signed(order.id, payment.id));
    expect(verify.statusCode).toBe(200);
    expect(hook.json().status).toBe(`fulfilled: ${verify.json().invoiceId}`);
  });

  it("a capture that arrives after the buyer deleted the account is refused and creates no invoice", async () => {
    const u = await registerUser(t.app);
    const order = await createOrder(u);
    const deleted = await post("/api/account/delete", u.auth, { currentPassword: u.password, confirm: true });
    expect(deleted.statusCode).toBe(200);
    const payment = fake.pay(order.id);
    const hook = await sendWebhook(capturedEvent(payment), eventId());
    expect(hook.statusCode).toBe(200);
    expect(hook.json().status).toBe("refused: the account of this order has been deleted");
    const [row] = await t.database.db
      .select({ n: count() })
      .from(invoiceTable)
      .where(eq(invoiceTable.orderId, order.id));
    expect(row?.n).toBe(0);
  });

  it("a webhook after verify (order.paid) grants nothing twice; payment.failed is recorded", async () => {
    const u = await registerUser(t.app);
    const order = await createOrder(u);
    const declined = fake.pay(order.id, { status: "failed" });
    const failed = await sendWebhook({ ...capturedEvent(declined), event: "payment.failed" }, eventId());
    expect(failed.json().status).toBe("recorded: payment failed");
    const payment = fake.pay(order.id);
    const verify = await post("/api/payment/verify-payment", u.auth, signed(order.id, payment.id));
    expect(verify.statusCode).toBe(200);
    const paid = {
      ...capturedEvent(payment),
      event: "order.paid",
      contains: ["payment", "order"],
      payload: { payment: { entity: payment }, order: { entity: fake.orders.get(order.id) } },
    };
    const hook = await sendWebhook(paid, eventId());
    expect(hook.json().status).toBe(`fulfilled: ${verify.json().invoiceId}`);
    const history = (await t.app.inject({ method: "GET", url: "/api/payment/history", headers: u.auth })).json();
    expect(history.invoices).toHaveLength(1);
    expect(history.payments.map((p: { status: string }) => p.status).sort()).toEqual(["captured", "failed"]);
  });

  it("30 concurrent verifications of one payment give one entitlement and one invoice", async () => {
    const u = await registerUser(t.app);
    const order = await createOrder(u);
    const payment = fake.pay(order.id, { status: "authorized" });
    const body = signed(order.id, payment.id);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => post("/api/payment/verify-payment", u.auth, body)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    expect(new Set(results.map((r) => r.json().invoiceId)).size).toBe(1);
    const db = t.database.db;
    const [bills] = await db.select({ n: count() }).from(invoiceTable).where(eq(invoiceTable.paymentId, payment.id));
    expect(bills?.n).toBe(1);
    const [grants] = await db
      .select({ n: count() })
      .from(premiumEntitlements)
      .where(eq(premiumEntitlements.userId, u.user._id));
    expect(grants?.n).toBe(1);
  });

  it("serves the invoice PDF to its owner only, with the rupee amount as extractable text", async () => {
    const u = await registerUser(t.app, { name: "Bahubali Buyer" });
    const other = await registerUser(t.app);
    const order = await createOrder(u);
    const payment = fake.pay(order.id);
    const { invoiceId, invoiceUrl } = (
      await post("/api/payment/verify-payment", u.auth, signed(order.id, payment.id))
    ).json();
    expect((await t.app.inject({ method: "GET", url: invoiceUrl, headers: other.auth })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/payment/invoices/INV-999999", headers: u.auth })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/payment/invoices/../../x", headers: u.auth })).statusCode,
    ).not.toBe(200);
    const res = await t.app.inject({ method: "GET", url: invoiceUrl, headers: u.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const dir = mkdtempSync(join(tmpdir(), "koc-invoice-"));
    const file = join(dir, "invoice.pdf");
    writeFileSync(file, res.rawPayload);
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
    for (const expected of [
      invoiceId,
      "Bahubali Buyer",
      u.user.email,
      "Kingdom of Code Lifetime Premium",
      "₹100.00",
      payment.id,
      order.id,
      "Kingdom of Code",
      "support@kingdomofcode.dev",
    ]) {
      expect(text).toContain(expected);
    }
    // The date of issue, as a reader of the invoice would read it.
    const issued = new Intl.DateTimeFormat("en-IN", {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    const history = (await t.app.inject({ method: "GET", url: "/api/payment/history", headers: u.auth })).json();
    expect(text).toContain(`Date: ${issued.format(new Date(history.invoices[0].issuedAt))}`);
  });
});
