import { quizAttemptResult } from "@koc/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /api/quiz/course-attempts: the server grades the course-level quiz panel. */
export const useGradeCourseQuiz = () =>
  useMutation({
    mutationFn: ({ courseId, answers }: { courseId: string; answers: number[] }) =>
      api("/quiz/course-attempts", { method: "POST", body: { courseId, answers }, schema: quizAttemptResult }),
  });
