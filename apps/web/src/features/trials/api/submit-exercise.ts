import type { ExerciseDetail, SubmissionRequest, SubmissionResult } from "@koc/shared";
import { submissionResult } from "@koc/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { api } from "../../../lib/api-client";
import { attemptEvents, type GradedEvent, submitOrQueue } from "../../../lib/offline/attempts";
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
 * What a verdict changes, whenever the server gives it (at once, or for a submission queued
 * offline once the connection returns): the ladder of help moves on (the answer carries its new
 * state), "My attempts" grows, and a first pass changes the course's passed flags and the
 * dashboard's counts: all refetched.
 */
function useKeepVerdict(exerciseId: string, who: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (result: SubmissionResult) => {
      keepHelp(queryClient, exerciseId, who, result.help);
      void queryClient.invalidateQueries({ queryKey: ["exercises", "attempts", exerciseId] });
      if (!result.passed) return;
      void queryClient.invalidateQueries({ queryKey: ["exercises", "list"] });
      void queryClient.invalidateQueries({ queryKey: ["exercises", "passed"] });
    },
    [queryClient, exerciseId, who],
  );
}

type Trial = Pick<ExerciseDetail, "_id" | "materialId" | "courseId" | "title">;

/**
 * Submits a trial. A signed-in learner's submission made offline waits in this browser's queue
 * (lib/offline/attempts.ts) and the answer says so ({ queued: true }); the mutation runs offline
 * too ("always") so that it can queue.
 */
export function useSubmitExercise(trial: Trial, who = "visitor") {
  const keepVerdict = useKeepVerdict(trial._id, who);
  return useMutation({
    mutationKey: ["exercises", "submit", trial._id],
    networkMode: "always",
    mutationFn: (body: SubmissionRequest) =>
      submitOrQueue(
        { exerciseId: trial._id, materialId: trial.materialId, courseId: trial.courseId },
        body,
        `Trial: ${trial.title}`,
        () => submitExercise(trial._id, body),
      ),
    onSuccess: (outcome) => {
      if (!outcome.queued) keepVerdict(outcome.result);
    },
  });
}

/**
 * The server's verdicts on this trial's submissions that waited offline, as they arrive (in the
 * order they were made); each is kept like one given at once, then handed to `onVerdict`.
 */
export function useQueuedVerdicts(exerciseId: string, who: string, onVerdict: (result: SubmissionResult) => void) {
  const keepVerdict = useKeepVerdict(exerciseId, who);
  const latest = useRef(onVerdict);
  latest.current = onVerdict;
  useEffect(() => {
    const onGraded = (e: Event) => {
      const { attempt, submission } = (e as CustomEvent<GradedEvent>).detail;
      if (attempt.kind !== "trial" || attempt.ref.exerciseId !== exerciseId || !submission) return;
      keepVerdict(submission);
      latest.current(submission);
    };
    attemptEvents.addEventListener("graded", onGraded);
    return () => attemptEvents.removeEventListener("graded", onGraded);
  }, [exerciseId, keepVerdict]);
}
