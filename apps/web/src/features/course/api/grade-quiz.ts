import { type QuizAttemptResult, quizAttemptResult } from "@koc/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /api/quiz/attempts: the server grades a topic's knowledge quiz. */
export const gradeQuiz = (materialId: string, answers: number[]): Promise<QuizAttemptResult> =>
  api("/quiz/attempts", { method: "POST", body: { materialId, answers }, schema: quizAttemptResult });

export const useGradeQuiz = () =>
  useMutation({
    mutationFn: ({ materialId, answers }: { materialId: string; answers: number[] }) => gradeQuiz(materialId, answers),
  });
