import { type RevealRequest, type SolutionResult, solutionResult, type TrialHelp, trialHelp } from "@koc/shared";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";
import { writeJson } from "../../../lib/storage";
import { storageKeys } from "../../../lib/storage-keys";
import { helpHeaders, helpTokens } from "../../../lib/trial-help-tokens";

export function keepHelp(queryClient: QueryClient, exerciseId: string, who: string, help: TrialHelp | undefined) {
  if (!help) return;
  if (help.token) writeJson(storageKeys.trialHelp, { ...helpTokens(), [exerciseId]: help.token });
  queryClient.setQueryData(helpQuery(exerciseId, who).queryKey, help);
}

const base = (exerciseId: string) => `/exercises/${encodeURIComponent(exerciseId)}`;
const noRetryOn4xx = (count: number, err: Error) => !(err instanceof ApiError && err.status < 500) && count < 2;

/** GET /api/exercises/{id}/help: hints taken, what unlocks next, whether the solution can be read. */
export const helpQuery = (exerciseId: string, who: string) =>
  queryOptions({
    queryKey: ["exercises", "help", exerciseId, who],
    queryFn: ({ signal }) =>
      api(`${base(exerciseId)}/help`, { schema: trialHelp, signal, headers: helpHeaders(exerciseId) }),
    retry: noRetryOn4xx,
  });

/** POST /api/exercises/{id}/hints: the next hint, when the server says it is unlocked. */
export function useTakeHint(exerciseId: string, who: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api(`${base(exerciseId)}/hints`, { method: "POST", schema: trialHelp, headers: helpHeaders(exerciseId) }),
    onSuccess: (help) => keepHelp(queryClient, exerciseId, who, help),
  });
}

/** POST /api/exercises/{id}/solution: the reveal, recorded by the server before it answers the code. */
export function useRevealSolution(exerciseId: string, who: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RevealRequest): Promise<SolutionResult> =>
      api(`${base(exerciseId)}/solution`, {
        method: "POST",
        body,
        schema: solutionResult,
        headers: helpHeaders(exerciseId),
      }),
    onSuccess: (result) => {
      keepHelp(queryClient, exerciseId, who, result.help);
      queryClient.setQueryData(solutionQuery(exerciseId, who).queryKey, result);
    },
  });
}

/** GET /api/exercises/{id}/solution: the reference again after the reveal, or to compare after a pass. */
export const solutionQuery = (exerciseId: string, who: string) =>
  queryOptions({
    queryKey: ["exercises", "solution", exerciseId, who],
    queryFn: ({ signal }) =>
      api(`${base(exerciseId)}/solution`, { schema: solutionResult, signal, headers: helpHeaders(exerciseId) }),
    retry: noRetryOn4xx,
    staleTime: Number.POSITIVE_INFINITY,
  });
