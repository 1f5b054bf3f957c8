import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, TEST_JWT_SECRET } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import { createPaymentsTestApp, hmac, TEST_CHECKOUT_SECRET } from "../../../test/payments.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";

describe.each(engines)("the test checkout (no Razorpay keys) on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createPaymentsTestApp>>;
  beforeAll(async () => {
    t = await createPaymentsTestApp(engine);
  });
  afterAll(() => t.close());

  type Learner = Awaited<ReturnType<typeof registerUser>>;
  const post = (url: string, u: Learner | null, payload: unknown) =>
    t.app.inject({ method: "POST", url, headers: u?.auth ?? {}, payload: payload as object });
  const me = async (u: Learner) => (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: u.auth })).json();
  const enrol = (u: Learner, course: string) =>
    t.app.inject({ method: "PUT", url: `/api/enrollments/${course}`, headers: u.auth });

  it("pays through the test dialog with Razorpay's signature formula, then the same verify-payment grants premium", async () => {
    const u = await registerUser(t.app);
    const order = (await post("/api/payment/create-order", u, { amount: 5, currency: "USD" })).json();
    expect(order).toMatchObject({ amount: 10000, currency: "INR", mode: "test", id: expect.stringMatching(/^order_/) });
    const paid = await post("/api/payment/test-checkout/pay", u, { order_id: order.id });
    expect(paid.statusCode).toBe(200);
    const result = paid.json();
    expect(result.razorpay_signature).toBe(
      hmac(TEST_CHECKOUT_SECRET, `${result.razorpay_order_id}|${result.razorpay_payment_id}`),
    );
    const verify = await post("/api/payment/verify-payment", u, result);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ success: true, orderId: order.id });
    expect((await me(u)).isPremium).toBe(true);
  });

  it("a failed test payment is recorded and grants nothing; only the order's owner can pay it", async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const order = (await post("/api/payment/create-order", u, {})).json();
    expect((await post("/api/payment/test-checkout/pay", other, { order_id: order.id })).statusCode).toBe(404);
    expect((await post("/api/payment/test-checkout/pay", null, { order_id: order.id })).statusCode).toBe(401);
    const failed = await post("/api/payment/test-checkout/fail", u, { order_id: order.id });
    expect(failed.json()).toEqual({ message: "Payment failed. Please try again." });
    const history = (await t.app.inject({ method: "GET", url: "/api/payment/history", headers: u.auth })).json();
    expect(history.payments).toMatchObject([{ status: "failed", orderId: order.id }]);
    // The failed payment's id, signed with a forged secret, still grants nothing.
    const paymentId = history.payments[0].paymentId;
    const forged = { razorpay_order_id: order.id, razorpay_payment_id: paymentId, razorpay_signature: "0".repeat(64) };
    expect((await post("/api/payment/verify-payment", u, forged)).statusCode).toBe(400);
    // Even correctly signed (as a leaked secret would allow), a failed payment is not captured.
    const signed = { ...forged, razorpay_signature: hmac(TEST_CHECKOUT_SECRET, `${order.id}|${paymentId}`) };
    expect((await post("/api/payment/verify-payment", u, signed)).statusCode).toBe(400);
    expect((await me(u)).isPremium).toBe(false);
  });

  it("like Razorpay, an order is paid once: a second Pay (even racing the first) or a later failure is refused", async () => {
    const u = await registerUser(t.app);
    const order = (await post("/api/payment/create-order", u, {})).json();
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => post("/api/payment/test-checkout/pay", u, { order_id: order.id })),
    );
    expect(clicks.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const refused = clicks.find((r) => r.statusCode === 409);
    expect(refused?.json().message).toMatch(/already been paid/);
    expect((await post("/api/payment/test-checkout/fail", u, { order_id: order.id })).statusCode).toBe(409);
    const paid = clicks.find((r) => r.statusCode === 200)?.json();
    expect((await post("/api/payment/verify-payment", u, paid)).statusCode).toBe(200);
    const history = (await t.app.inject({ method: "GET", url: "/api/payment/history", headers: u.auth })).json();
    expect(history.payments).toHaveLength(1);
    expect(history.invoices).toHaveLength(1);
  });

  it("30 concurrent verifications of one payment give one invoice", async () => {
    const u = await registerUser(t.app);
    const order = (await post("/api/payment/create-order", u, {})).json();
    const paid = (await post("/api/payment/test-checkout/pay", u, { order_id: order.id })).json();
    const results = await Promise.all(Array.from({ length: 30 }, () => post("/api/payment/verify-payment", u, paid)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    expect(new Set(results.map((r) => r.json().invoiceId)).size).toBe(1);
    const history = (await t.app.inject({ method: "GET", url: "/api/payment/history", headers: u.auth })).json();
    expect(history.invoices).toHaveLength(1);
    expect(history.payments).toHaveLength(1);
  });

  it("two server instances on one database verifying the same payment grant it once", async () => {
    const second = await buildApp({
      database: t.database,
      config: loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_JWT_SECRET }),
      testCheckoutSecret: TEST_CHECKOUT_SECRET,
    });
    await second.ready();
    try {
      const u = await registerUser(t.app);
      const order = (await post("/api/payment/create-order", u, {})).json();
      const paid = (await post("/api/payment/test-checkout/pay", u, { order_id: order.id })).json();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? second : t.app).inject({
            method: "POST",
            url: "/api/payment/verify-payment",
            headers: u.auth,
            payload: paid,
          }),
        ),
      );
      expect(new Set(results.map((r) => `${r.statusCode} ${r.json().invoiceId}`)).size).toBe(1);
      const history = (await second.inject({ method: "GET", url: "/api/payment/history", headers: u.auth })).json();
      expect(history.invoices).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("refuses premium enrolment to free learners (403 with a message) and allows it after paying", async () => {
    const u = await registerUser(t.app);
    const refused = await enrol(u, "react-development");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/premium course/i);
    expect((await enrol(u, "java-programming")).statusCode).toBe(201);
    const order = (await post("/api/payment/create-order", u, {})).json();
    const paid = (await post("/api/payment/test-checkout/pay", u, { order_id: order.id })).json();
    expect((await post("/api/payment/verify-payment", u, paid)).statusCode).toBe(200);
    expect((await enrol(u, "react-development")).statusCode).toBe(201);
  });
});
