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
  quiz: z.array(
    quizQuestion.extend({
      /**
       * Optional, for a code question (the question text holds a complete program in a ```java
       * fence): the program's exact standard output, or "does not compile". The content tests
       * compile and run the program and check both this and the keyed option against the real JDK.
       */
      expect: z.string().optional(),
    }),
  ),
});

export interface LessonEntry {
  id: string;
  slug: string;
  position: number;
  title: string;
  type: z.infer<typeof materialType>;
  content: string;
  quiz: z.infer<typeof quizQuestion>[];
  /** For each quiz question, its `expect` (code questions only); kept out of `quiz`, which the server stores. */
  quizExpect?: (string | undefined)[];
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
