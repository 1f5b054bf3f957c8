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
});
