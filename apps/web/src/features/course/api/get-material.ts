import { materialDetail } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";

/** GET /api/materials/{id}: one lesson's Markdown and its questions (never the answers). */
export const materialQuery = (materialId: string, viewer: string) =>
  queryOptions({
    queryKey: ["materials", "lesson", materialId, viewer],
    queryFn: ({ signal }) => api(`/materials/${encodeURIComponent(materialId)}`, { schema: materialDetail, signal }),
    staleTime: 5 * 60_000,
    // 403 (premium) and 404 are answers, not hiccups: do not retry them.
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
