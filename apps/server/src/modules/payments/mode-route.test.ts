import { paymentMode } from "@koc/shared";
import { describe, expect, it } from "vitest";
import { TEST_JWT_SECRET } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import { createPaymentsTestApp } from "../../../test/payments.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";

describe.each(engines)("GET /api/payment/mode on %s", (engine) => {
  const modeOf = async (app: Awaited<ReturnType<typeof buildApp>>) => {
    const res = await app.inject({ method: "GET", url: "/api/payment/mode" });
    expect(res.statusCode).toBe(200);
    return paymentMode.parse(res.json()).mode;
  };

  it("says test, razorpay or off to a visitor, and never shows a key", async () => {
    const test = await createPaymentsTestApp(engine);
    const real = await createPaymentsTestApp(engine, "http://127.0.0.1:9");
    const off = await buildApp({
      database: test.database,
      config: loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_JWT_SECRET }),
      paymentGateway: null,
    });
    await off.ready();
    try {
      expect(await modeOf(test.app)).toBe("test");
      expect(await modeOf(real.app)).toBe("razorpay");
      expect(await modeOf(off)).toBe("off");
      const body = (await real.app.inject({ method: "GET", url: "/api/payment/mode" })).body;
      expect(body).toBe('{"mode":"razorpay"}');
    } finally {
      await off.close();
      await real.close();
      await test.close();
    }
  });
});
