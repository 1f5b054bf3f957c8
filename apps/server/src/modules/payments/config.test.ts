import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../../test/accounts.js";
import { createTestDatabase } from "../../../test/harness.js";
import { createPaymentsTestApp } from "../../../test/payments.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";

describe("payment configuration", () => {
  it("needs both Razorpay keys or neither, and defaults the API to Razorpay's", () => {
    expect(loadConfig({}).RAZORPAY_API_URL).toBe("https://api.razorpay.com");
    expect(() => loadConfig({ RAZORPAY_KEY_ID: "rzp_live_x" })).toThrow(/RAZORPAY_KEY_SECRET/);
    expect(() => loadConfig({ RAZORPAY_KEY_SECRET: "s" })).toThrow(/RAZORPAY_KEY_ID/);
    expect(() => loadConfig({ RAZORPAY_API_URL: "not a url" })).toThrow(/RAZORPAY_API_URL/);
  });

  it("in production without keys takes no payments (no test checkout to click through)", async () => {
    const database = await createTestDatabase("pglite");
    const config = loadConfig({
      NODE_ENV: "production",
      JWT_SECRET: "x".repeat(40),
      PUBLIC_ORIGIN: "https://kingdom.example",
    });
    const app = await buildApp({ database, config });
    await app.ready();
    try {
      const u = await registerUser(app);
      const res = await app.inject({ method: "POST", url: "/api/payment/create-order", headers: u.auth, payload: {} });
      expect(res.statusCode).toBe(503);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});

describe("the Content-Security-Policy and Razorpay's checkout", () => {
  let test: Awaited<ReturnType<typeof createPaymentsTestApp>>;
  let razorpay: Awaited<ReturnType<typeof createPaymentsTestApp>>;
  beforeAll(async () => {
    test = await createPaymentsTestApp("pglite");
    razorpay = await createPaymentsTestApp("pglite", "http://127.0.0.1:9");
  });
  afterAll(async () => {
    await test.close();
    await razorpay.close();
  });

  it("allows checkout.razorpay.com only when real Razorpay keys are set", async () => {
    const csp = async (t: typeof test) =>
      String((await t.app.inject({ method: "GET", url: "/api/health" })).headers["content-security-policy"]);
    expect(await csp(test)).not.toContain("razorpay");
    const withKeys = await csp(razorpay);
    expect(withKeys).toContain("script-src 'self' 'wasm-unsafe-eval' https://checkout.razorpay.com");
    expect(withKeys).toMatch(/frame-src 'self' blob: https:\/\/api\.razorpay\.com https:\/\/checkout\.razorpay\.com/);
  });
});
