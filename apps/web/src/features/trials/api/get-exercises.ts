import { exerciseList } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";

/** GET /api/exercises?courseId=: a course's trials in lesson order; `who` keys the learner's passed flags. */
export const exercisesQuery = (courseId: string, who: string) =>
  queryOptions({
    queryKey: ["exercises", "list", courseId, who],
    queryFn: ({ signal }) =>
      api(`/exercises?courseId=${encodeURIComponent(courseId)}`, { schema: exerciseList, signal }),
    staleTime: 5 * 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
