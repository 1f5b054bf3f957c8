import { z } from "zod";
import { slugId } from "./common.js";

export const courseAccess = z.enum(["free", "premium"]);
export type CourseAccess = z.infer<typeof courseAccess>;

export const quizQuestion = z.object({
  question: z.string().min(1),
  options: z.array(z.string().min(1)).length(4),
  correct: z.number().int().min(0).max(3),
  /** What the question tests, taught in a sentence or two; given after an attempt, never before. */
  explain: z.string().min(1).optional(),
  /** The `##`/`###` heading of the lesson that teaches it (the "Read:" link goes there). */
  see: z.string().min(1).optional(),
});
export type QuizQuestion = z.infer<typeof quizQuestion>;

export const materialType = z.enum(["lesson", "exercise", "project"]);
export type MaterialType = z.infer<typeof materialType>;

/** How much a course expects of a learner: `level:` in its content/courses/<id>/course.md. */
export const courseLevel = z.enum(["Beginner", "Intermediate", "Advanced"]);
export type CourseLevel = z.infer<typeof courseLevel>;

export const course = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  access: courseAccess,
  lessonCount: z.number().int().nonnegative(),
  level: courseLevel,
  /** The lessons' durations added up (rules/durations.ts), for the cards' "total hours". */
  minutes: z.number().int().nonnegative(),
  /** How many trials (auto-graded exercises) the course's topics end in. */
  trials: z.number().int().nonnegative(),
});
export type Course = z.infer<typeof course>;

export const material = z.object({
  _id: z.string(),
  courseId: z.string(),
  title: z.string(),
  type: materialType,
  position: z.number().int().nonnegative(),
  content: z.string().optional(),
  quiz: z.array(quizQuestion),
  /** SQL lessons: the statements making the tables its examples run on (server-side only). */
  sqlSetup: z.string().optional(),
});
export type Material = z.infer<typeof material>;

export const courseList = z.array(course);

/** A question as the browser sees it: the answer key and the explanations stay on the server. */
export const publicQuizQuestion = quizQuestion.pick({ question: true, options: true });
export type PublicQuizQuestion = z.infer<typeof publicQuizQuestion>;

/**
 * One row of GET /api/materials/course/{id}: what the curriculum needs, no body and no quiz.
 * `open` says whether the caller may read the lesson (premium courses: premium learners, or the
 * free preview at position 0).
 */
export const materialSummary = z.object({
  _id: z.string(),
  courseId: z.string(),
  title: z.string(),
  type: materialType,
  position: z.number().int().nonnegative(),
  minutes: z.number().int().positive(),
  questions: z.number().int().nonnegative(),
  open: z.boolean(),
});
export type MaterialSummary = z.infer<typeof materialSummary>;
export const materialList = z.array(materialSummary);

/** GET /api/materials/{id}: one lesson's Markdown and its questions without answers. */
export const materialDetail = materialSummary.omit({ open: true, questions: true }).extend({
  content: z.string().optional(),
  quiz: z.array(publicQuizQuestion),
  /** A SQL lesson with tables: its ```sql examples run in place (POST /api/sql/examples). */
  sqlExamples: z.literal(true).optional(),
});
export type MaterialDetail = z.infer<typeof materialDetail>;

export const materialIdParams = z.object({ id: slugId });
