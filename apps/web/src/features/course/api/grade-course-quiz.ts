import { useMutation } from "@tanstack/react-query";
import { gradeOrQueue } from "../../../lib/offline/attempts";

/**
 * POST /api/quiz/course-attempts: the server grades the course-level quiz panel. A signed-in
 * learner's answers made offline wait to be graded (lib/offline/attempts.ts).
 */
export const useGradeCourseQuiz = () =>
  useMutation({
    networkMode: "always",
    mutationFn: ({ courseId, answers, title }: { courseId: string; answers: number[]; title: string }) =>
      gradeOrQueue("/quiz/course-attempts", { courseId, answers }, title),
  });
