import { certificateResponse } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";

/** GET /api/certificates/:code; null when no certificate has the code. */
export const certificateQuery = (code: string) =>
  queryOptions({
    queryKey: ["certificates", code],
    queryFn: async ({ signal }) => {
      try {
        return await api(`/certificates/${encodeURIComponent(code)}`, { schema: certificateResponse, signal });
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
        throw err;
      }
    },
    retry: false,
  });
