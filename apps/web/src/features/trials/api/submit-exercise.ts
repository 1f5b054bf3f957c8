import { type SubmissionRequest, type SubmissionResult, submissionResult } from "@koc/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { helpHeaders } from "../../../lib/trial-help-tokens";
import { keepHelp } from "./trial-help";

/** POST /api/exercises/{id}/submissions: the server runs every case in its sandbox and grades. */
export const submitExercise = (exerciseId: string, body: SubmissionRequest): Promise<SubmissionResult> =>
  api(`/exercises/${encodeURIComponent(exerciseId)}/submissions`, {
    method: "POST",
    body,
    schema: submissionResult,
    headers: helpHeaders(exerciseId),
  });

/**
 * A submission moves the ladder of help on (its answer carries the new state) and adds to "My
 * attempts"; a first pass changes the course's passed flags and the dashboard's counts: all refetched.
 */
export function useSubmitExercise(exerciseId: string, who = "visitor") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["exercises", "submit", exerciseId],
    mutationFn: (body: SubmissionRequest) => submitExercise(exerciseId, body),
    onSuccess: (result) => {
      keepHelp(queryClient, exerciseId, who, result.help);
      void queryClient.invalidateQueries({ queryKey: ["exercises", "attempts", exerciseId] });
      if (!result.passed) return;
      void queryClient.invalidateQueries({ queryKey: ["exercises", "list"] });
      void queryClient.invalidateQueries({ queryKey: ["exercises", "passed"] });
    },
  });
}
