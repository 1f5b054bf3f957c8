import { courseAccess, materialType, quizQuestion, slugId } from "@koc/shared";
import { z } from "zod";

export const courseFrontMatter = z.object({
  id: slugId,
  title: z.string().min(3),
  category: z.string().min(2),
  access: courseAccess,
  order: z.number().int().positive(),
});

export const lessonFrontMatter = z.object({
  title: z.string().min(3),
  type: materialType.default("lesson"),
  quiz: z.array(quizQuestion),
});

export interface LessonEntry {
  id: string;
  slug: string;
  position: number;
  title: string;
  type: z.infer<typeof materialType>;
  content: string;
  quiz: z.infer<typeof quizQuestion>[];
}

export interface CourseEntry {
  id: string;
  title: string;
  category: string;
  access: z.infer<typeof courseAccess>;
  order: number;
  description: string;
  lessons: LessonEntry[];
}

export interface Catalogue {
  courses: CourseEntry[];
}
