import { paymentMode } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** GET /api/payment/mode (public): whether this server takes Razorpay, the test checkout, or nothing. */
export const paymentModeQuery = () =>
  queryOptions({
    queryKey: ["payment-mode"] as const,
    queryFn: ({ signal }) => api("/payment/mode", { schema: paymentMode, signal }),
    // The server's configuration does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
