import { checkoutSuccess, testCheckoutFailure } from "@koc/shared";
import { api } from "../../../lib/api-client";

/** The test checkout's Pay button: the server plays Razorpay and returns a signed result. */
export const payTestOrder = (orderId: string) =>
  api("/payment/test-checkout/pay", { method: "POST", body: { order_id: orderId }, schema: checkoutSuccess });

/** Its "Make payment fail" button: recorded on the server as a failed payment. */
export const failTestOrder = (orderId: string) =>
  api("/payment/test-checkout/fail", { method: "POST", body: { order_id: orderId }, schema: testCheckoutFailure });
