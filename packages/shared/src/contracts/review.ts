import { z } from "zod";
import { quizReading } from "./quiz.js";

/**
 * The review deck (decision 0026). "Today" is the UTC calendar day: a card is due today when its
 * due time falls before the next UTC midnight (`dayEndsAt`).
 */
const when = z.iso.datetime({ offset: true });

/** A due quiz question as the browser sees it: no key, no explanation (they come after answering). */
export const reviewQuestion = z.object({
  cardId: z.uuid(),
  courseId: z.string(),
  courseTitle: z.string(),
  /** The Knowledge Check's lesson; null for a course quiz question. */
  materialId: z.string().nullable(),
  /** Where the question was met: the lesson's title, or "Course quiz". */
  from: z.string(),
  question: z.string(),
  options: z.array(z.string()),
});
export type ReviewQuestion = z.infer<typeof reviewQuestion>;

/** A due trial: opened again from its starter code, reviewed by submitting it. */
export const reviewTrial = z.object({
  cardId: z.uuid(),
  exerciseId: z.string(),
  title: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  materialId: z.string(),
  language: z.enum(["java", "python", "javascript", "sql", "html"]),
});
export type ReviewTrial = z.infer<typeof reviewTrial>;

/** GET /api/review: how many cards are due today, and those cards. */
export const reviewDeck = z.object({
  dueToday: z.number().int().nonnegative(),
  /** The end of today (the next UTC midnight): cards due before it are due today. */
  dayEndsAt: when,
  /** When the next card not yet due comes back; null when none waits. */
  nextDueAt: when.nullable(),
  questions: z.array(reviewQuestion),
  trials: z.array(reviewTrial),
});
export type ReviewDeck = z.infer<typeof reviewDeck>;

export const reviewCardParams = z.object({ cardId: z.uuid("must be a card id") });

/** POST /api/review/{cardId}/answer: the option the learner chose. */
export const reviewAnswerRequest = z.object({ answer: z.number().int().min(0).max(3) });
export type ReviewAnswerRequest = z.infer<typeof reviewAnswerRequest>;

/**
 * The server's grade of one review answer. A right answer carries the key and the explanation; a
 * wrong one teaches the idea and where to read it, never which option was right.
 */
export const reviewAnswerResult = z.object({
  correct: z.boolean(),
  correctIndex: z.number().int().min(0).max(3).optional(),
  explain: z.string().optional(),
  read: quizReading.optional(),
  /** When the card comes back. */
  nextDueAt: when,
});
export type ReviewAnswerResult = z.infer<typeof reviewAnswerResult>;
