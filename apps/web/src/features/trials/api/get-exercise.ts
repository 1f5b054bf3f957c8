import { exerciseDetail } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";

/** GET /api/exercises/{id}: the task, starter, hints and samples (never the hidden cases). */
export const exerciseQuery = (exerciseId: string) =>
  queryOptions({
    queryKey: ["exercises", "detail", exerciseId],
    queryFn: ({ signal }) => api(`/exercises/${encodeURIComponent(exerciseId)}`, { schema: exerciseDetail, signal }),
    staleTime: 10 * 60_000,
    // 404 is an answer ("this trial no longer exists"), not a hiccup.
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
