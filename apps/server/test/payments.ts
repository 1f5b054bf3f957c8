/** Helpers for the payment tests: an app on a fresh database with a chosen gateway, and signed requests. */
import { createHmac } from "node:crypto";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { TEST_JWT_SECRET } from "./accounts.js";
import { createTestDatabase, type Engine } from "./harness.js";

export const RAZORPAY_KEY_ID = "rzp_test_FakeKey123";
export const RAZORPAY_KEY_SECRET = "fake-razorpay-key-secret";
export const RAZORPAY_WEBHOOK_SECRET = "fake-razorpay-webhook-secret";
export const TEST_CHECKOUT_SECRET = "test-checkout-secret-for-the-payment-tests";

export const hmac = (secret: string, data: string) => createHmac("sha256", secret).update(data).digest("hex");

export async function createPaymentsTestApp(engine: Engine, razorpayUrl?: string) {
  const database = await createTestDatabase(engine, { seeded: true });
  const config = loadConfig({
    NODE_ENV: "test",
    JWT_SECRET: TEST_JWT_SECRET,
    ...(razorpayUrl
      ? {
          RAZORPAY_KEY_ID,
          RAZORPAY_KEY_SECRET,
          RAZORPAY_WEBHOOK_SECRET,
          RAZORPAY_API_URL: razorpayUrl,
        }
      : {}),
  });
  const app = await buildApp({ database, config, testCheckoutSecret: TEST_CHECKOUT_SECRET });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}
