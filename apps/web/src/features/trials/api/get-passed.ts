import { type TrialsPassed, trialsPassedList } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** GET /api/exercises/passed: for the signed-in learner, per course, trials passed of how many. */
export type CoursePassed = TrialsPassed;

export const passedTrialsQuery = (email: string) =>
  queryOptions({
    queryKey: ["exercises", "passed", email],
    queryFn: ({ signal }) => api("/exercises/passed", { schema: trialsPassedList, signal }),
  });
