import { randomBytes } from "node:crypto";
import { type Config, testCheckoutOn } from "../../config.js";
import type { DbOrTx } from "../../db/client.js";
import { createRazorpayGateway } from "./razorpay.js";
import { createTestCheckoutGateway } from "./test-checkout.js";
import type { PaymentGateway } from "./types.js";

/**
 * Razorpay when both keys are set; otherwise the test checkout where testCheckoutOn allows it (on
 * loopback, or TEST_CHECKOUT=1; never in production). Anywhere else a server without keys takes
 * no payments at all: it must never hand out premium for a test click to whoever can reach it.
 */
export function createPaymentGateway(config: Config, db: DbOrTx, testSecret?: string): PaymentGateway | null {
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) {
    return createRazorpayGateway({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      apiUrl: config.RAZORPAY_API_URL,
    });
  }
  if (!testCheckoutOn(config)) return null;
  return createTestCheckoutGateway(db, testSecret ?? randomBytes(32).toString("base64url"));
}
