import { useMutation } from "@tanstack/react-query";
import { gradeOrQueue } from "../../../lib/offline/attempts";

/**
 * POST /api/quiz/attempts: the server grades a topic's knowledge quiz. A signed-in learner's
 * answers made offline are queued and graded when the connection returns (lib/offline/attempts.ts);
 * the mutation runs offline too ("always") so that it can queue them.
 */
export const useGradeQuiz = () =>
  useMutation({
    networkMode: "always",
    mutationFn: ({ materialId, answers, title }: { materialId: string; answers: number[]; title: string }) =>
      gradeOrQueue("/quiz/attempts", { materialId, answers }, title),
  });
