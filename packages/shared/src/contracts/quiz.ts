import { z } from "zod";
import { slugId } from "./common.js";

const answers = z
  .array(z.number().int().min(0).max(3))
  .min(1, "must have at least 1 item")
  .max(50, "must have at most 50 items");

/** POST /api/quiz/attempts: the learner's chosen option per question, in order. */
export const quizAttemptRequest = z.object({ materialId: slugId, answers });
export type QuizAttemptRequest = z.infer<typeof quizAttemptRequest>;

/** POST /api/quiz/course-attempts: the course-level quiz panel. */
export const courseQuizAttemptRequest = z.object({ courseId: slugId, answers });
export type CourseQuizAttemptRequest = z.infer<typeof courseQuizAttemptRequest>;

/**
 * The server's grade. `results` tells the result view which answers were right, after submission
 * only. `receipt` is given to visitors: a signed token that counts once they register or sign in.
 */
export const quizAttemptResult = z.object({
  score: z.number().int().min(0).max(100),
  passed: z.boolean(),
  results: z.array(z.object({ correct: z.boolean(), correctIndex: z.number().int().min(0).max(3) })),
  receipt: z.string().optional(),
});
export type QuizAttemptResult = z.infer<typeof quizAttemptResult>;

/** POST /api/quiz/receipts: a visitor's receipts, sent once they register or sign in. */
export const redeemReceiptsRequest = z.object({
  receipts: z.array(z.string().min(1).max(1000)).max(500, "must have at most 500 items"),
});
export const redeemReceiptsResult = z.object({ accepted: z.number().int(), rejected: z.number().int() });
export type RedeemReceiptsResult = z.infer<typeof redeemReceiptsResult>;
