import { paymentHistory } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const paymentHistoryKey = ["payment-history"] as const;

/** GET /api/payment/history: the caller's payments and invoices. */
export const paymentHistoryQuery = () =>
  queryOptions({
    queryKey: paymentHistoryKey,
    queryFn: ({ signal }) => api("/payment/history", { schema: paymentHistory, signal }),
  });
