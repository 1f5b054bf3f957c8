import { z } from "zod";
import { publicQuizQuestion } from "./catalogue.js";
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

/** The part of a lesson that teaches a question's idea: `href` is the lesson's address, with `#section-…` when known. */
export const quizReading = z.object({ title: z.string(), href: z.string() });
export type QuizReading = z.infer<typeof quizReading>;

/**
 * One question of a failed attempt: right or wrong and, for a wrong one, the idea it tests and where
 * the lesson teaches it. Never the right option (no index, no text, no reordering).
 */
export const failedQuestionResult = z.object({
  correct: z.boolean(),
  explain: z.string().optional(),
  read: quizReading.optional(),
});

/** One question of a passed attempt: the whole key, with every explanation. */
export const passedQuestionResult = z.object({
  correct: z.boolean(),
  correctIndex: z.number().int().min(0).max(3),
  explain: z.string().optional(),
  read: quizReading.optional(),
});

const score = z.number().int().min(0).max(100);
/** `receipt` is given to visitors: a signed token that counts once they register or sign in. */
const receipt = z.string().optional();

/**
 * The server's grade. A failed attempt (below 80%) says right or wrong per question and teaches the
 * wrong ones; only a pass carries the key. The contract itself keeps `correctIndex` out of a failure.
 */
export const quizAttemptResult = z.discriminatedUnion("passed", [
  z.object({ score, passed: z.literal(false), results: z.array(failedQuestionResult), receipt }),
  z.object({ score, passed: z.literal(true), results: z.array(passedQuestionResult), receipt }),
]);
export type QuizAttemptResult = z.infer<typeof quizAttemptResult>;

/** GET /api/courses/{id}/quiz: the course-level quiz's questions, without key or explanations. */
export const courseQuiz = z.object({ courseId: z.string(), questions: z.array(publicQuizQuestion) });
export type CourseQuiz = z.infer<typeof courseQuiz>;

/** POST /api/quiz/receipts: a visitor's receipts, sent once they register or sign in. */
export const redeemReceiptsRequest = z.object({
  receipts: z.array(z.string().min(1).max(1000)).max(500, "must have at most 500 items"),
});
export const redeemReceiptsResult = z.object({ accepted: z.number().int(), rejected: z.number().int() });
export type RedeemReceiptsResult = z.infer<typeof redeemReceiptsResult>;
