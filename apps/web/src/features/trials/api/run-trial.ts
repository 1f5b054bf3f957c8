import { type TrialRunRequest, trialRunResult } from "@koc/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /api/exercises/{id}/run: the code on the first sample's input or the learner's own. Never an attempt. */
export function useRunTrial(exerciseId: string) {
  return useMutation({
    mutationKey: ["exercises", "run", exerciseId],
    mutationFn: (body: TrialRunRequest) =>
      api(`/exercises/${encodeURIComponent(exerciseId)}/run`, { method: "POST", body, schema: trialRunResult }),
  });
}
