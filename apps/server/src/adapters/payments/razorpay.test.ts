import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeRazorpay, startFakeRazorpay } from "../../../test/fake-razorpay.js";
import { UpstreamError } from "../../errors.js";
import { createRazorpayGateway } from "./razorpay.js";

describe("the Razorpay adapter against a local fake Razorpay", () => {
  let fake: FakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay("rzp_test_Adapter", "adapter-secret");
  });
  afterAll(() => fake.close());

  const gateway = (secret = "adapter-secret") =>
    createRazorpayGateway({ keyId: "rzp_test_Adapter", keySecret: secret, apiUrl: `${fake.url}/` });

  it("creates orders, fetches payments and captures an authorized one", async () => {
    const order = await gateway().createOrder({
      amount: 10000,
      currency: "INR",
      receipt: "koc_receipt_1",
      notes: { userId: "u1" },
    });
    expect(order).toEqual({ id: expect.stringMatching(/^order_/), amount: 10000, currency: "INR" });
    expect(fake.orders.get(order.id)).toMatchObject({
      receipt: "koc_receipt_1",
      notes: { userId: "u1" },
      status: "created",
    });

    const authorized = fake.pay(order.id, { status: "authorized" });
    expect(await gateway().fetchPayment(authorized.id)).toMatchObject({
      id: authorized.id,
      orderId: order.id,
      status: "authorized",
      amount: 10000,
    });
    expect(await gateway().capture(authorized.id, 10000, "INR")).toMatchObject({ status: "captured" });
    expect(fake.orders.get(order.id)?.status).toBe("paid");
    // Capturing twice is Razorpay's error, surfaced as a gateway failure.
    await expect(gateway().capture(authorized.id, 10000, "INR")).rejects.toBeInstanceOf(UpstreamError);
    expect(await gateway().fetchPayment("pay_doesnotexist1")).toBeNull();
  });

  it("sends the keys as HTTP basic auth: a wrong secret is refused", async () => {
    await expect(
      gateway("wrong-secret").createOrder({ amount: 10000, currency: "INR", receipt: "r2", notes: {} }),
    ).rejects.toMatchObject({ kind: "upstream", message: expect.stringMatching(/Authentication failed/) });
  });

  it("reports an unreachable Razorpay as a gateway failure", async () => {
    const offline = createRazorpayGateway({ keyId: "k", keySecret: "s", apiUrl: "http://127.0.0.1:9" });
    await expect(offline.fetchPayment("pay_x")).rejects.toBeInstanceOf(UpstreamError);
  });

  it("refuses an answer of the wrong shape as a gateway failure, never as a payment", async () => {
    const answering = (body: unknown) =>
      createRazorpayGateway({
        keyId: "k",
        keySecret: "s",
        apiUrl: "http://razorpay.invalid",
        fetch: async () => new Response(JSON.stringify(body), { status: 200 }),
      });
    const payment = { id: "pay_1", order_id: "order_1", amount: 10000, currency: "INR", status: "captured" };
    expect(await answering(payment).fetchPayment("pay_1")).toMatchObject({ id: "pay_1", status: "captured" });
    // A status we do not know, an amount as a string, an order without an id: none is believed.
    await expect(answering({ ...payment, status: "paid" }).fetchPayment("pay_1")).rejects.toMatchObject({
      kind: "upstream",
      message: expect.stringMatching(/unexpected answer: status/),
    });
    await expect(answering({ ...payment, amount: "10000" }).capture("pay_1", 10000, "INR")).rejects.toBeInstanceOf(
      UpstreamError,
    );
    await expect(
      answering({ amount: 10000, currency: "INR" }).createOrder({
        amount: 1,
        currency: "INR",
        receipt: "r",
        notes: {},
      }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/unexpected answer: id/) });
    await expect(answering(null).fetchPayment("pay_1")).rejects.toBeInstanceOf(UpstreamError);
  });
});
