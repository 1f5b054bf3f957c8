import { createOrderResponse, PREMIUM_PRICE } from "@koc/shared";
import { api } from "../../../lib/api-client";

/** POST /api/payment/create-order with Razorpay's order fields; the server sets the price whatever we send. */
export const createOrder = (input: { courseTitle: string; customerEmail: string; customerName: string }) =>
  api("/payment/create-order", {
    method: "POST",
    body: { ...PREMIUM_PRICE, ...input },
    schema: createOrderResponse,
  });
