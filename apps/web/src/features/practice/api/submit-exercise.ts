import { type SubmissionRequest, type SubmissionResult, submissionResult } from "@koc/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /api/exercises/{id}/submissions: the server runs every case in its sandbox and grades. */
export const submitExercise = (exerciseId: string, body: SubmissionRequest): Promise<SubmissionResult> =>
  api(`/exercises/${encodeURIComponent(exerciseId)}/submissions`, {
    method: "POST",
    body,
    schema: submissionResult,
  });

/** A first pass changes the course's passed flags and the dashboard's counts: both are refetched. */
export function useSubmitExercise(exerciseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["exercises", "submit", exerciseId],
    mutationFn: (body: SubmissionRequest) => submitExercise(exerciseId, body),
    onSuccess: (result) => {
      if (!result.passed) return;
      void queryClient.invalidateQueries({ queryKey: ["exercises", "list"] });
      void queryClient.invalidateQueries({ queryKey: ["exercises", "passed"] });
    },
  });
}
