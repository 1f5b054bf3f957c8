import { z } from "zod";

export const courseAccess = z.enum(["free", "premium"]);
export type CourseAccess = z.infer<typeof courseAccess>;

export const quizQuestion = z.object({
  question: z.string().min(1),
  options: z.array(z.string().min(1)).length(4),
  correct: z.number().int().min(0).max(3),
});
export type QuizQuestion = z.infer<typeof quizQuestion>;

export const materialType = z.enum(["lesson", "exercise", "project"]);
export type MaterialType = z.infer<typeof materialType>;

export const course = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  access: courseAccess,
  lessonCount: z.number().int().nonnegative(),
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
});
export type Material = z.infer<typeof material>;

export const courseList = z.array(course);
export const materialList = z.array(material);
