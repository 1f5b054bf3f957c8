import { attemptDetail, attemptList } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** GET /api/exercises/{id}/attempts: the signed-in learner's own submissions, newest first. */
export const attemptsQuery = (exerciseId: string, email: string) =>
  queryOptions({
    queryKey: ["exercises", "attempts", exerciseId, email],
    queryFn: ({ signal }) =>
      api(`/exercises/${encodeURIComponent(exerciseId)}/attempts`, { schema: attemptList, signal }),
  });

/** GET /api/exercise-attempts/{id}: one attempt with its code, to restore into the editor. */
export const attemptQuery = (attemptId: string) =>
  queryOptions({
    queryKey: ["exercises", "attempt", attemptId],
    queryFn: ({ signal }) =>
      api(`/exercise-attempts/${encodeURIComponent(attemptId)}`, { schema: attemptDetail, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
