import { type CheckoutSuccess, verifyPaymentResponse } from "@koc/shared";
import { api } from "../../../lib/api-client";

/** POST /api/payment/verify-payment: the server checks the signature and the payment, then grants premium. */
export const verifyPayment = (body: CheckoutSuccess) =>
  api("/payment/verify-payment", { method: "POST", body, schema: verifyPaymentResponse });
