import { courseQuiz } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";

/** GET /api/courses/{id}/quiz: the course quiz's questions (never the key or the explanations). */
export const courseQuizQuery = (courseId: string) =>
  queryOptions({
    queryKey: ["courses", courseId, "quiz"],
    queryFn: ({ signal }) => api(`/courses/${encodeURIComponent(courseId)}/quiz`, { schema: courseQuiz, signal }),
    staleTime: 5 * 60_000,
    // 403 (premium) and 404 are answers, not hiccups: do not retry them.
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
