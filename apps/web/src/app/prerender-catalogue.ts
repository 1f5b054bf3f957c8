import {
  type Course,
  courseAccess,
  courseLevel,
  courseList,
  course as courseSchema,
  courseSummary,
  lessonSummary,
  materialList,
  materialType,
} from "@koc/shared";
import { z } from "zod";
import type { Seed } from "./prerender";

/** The part of content/dist/catalogue.json (the seed's input) the public pages show. */
const catalogueFile = z.object({
  courses: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      category: z.string(),
      access: courseAccess,
      level: courseLevel,
      order: z.number(),
      lessons: z.array(
        z.object({
          id: z.string(),
          position: z.number(),
          title: z.string(),
          type: materialType,
          quiz: z.array(z.unknown()),
        }),
      ),
      exercises: z.array(z.unknown()).optional(),
    }),
  ),
});

export interface PublicCatalogue {
  /** The prerendered course paths' ids, in catalogue order. */
  courseIds: string[];
  /** The query cache every public page starts with. */
  common: Seed;
  /** Extra cache entries of one course page. */
  course: (id: string) => Seed;
}

/**
 * The API's answers for a visitor (GET /api/courses, /api/courses/{id}, /api/materials/course/{id}),
 * computed from the same catalogue file the server seeds its database from, in the same order,
 * and checked against the shared contracts. The query keys are those of lib/catalogue-api and
 * features/course/api (viewer "visitor").
 */
export function publicCatalogue(json: unknown): PublicCatalogue {
  const { courses } = catalogueFile.parse(json);
  const sorted = [...courses].sort((a, b) => a.order - b.order || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  // Shaped by the same rules as the server's answers (packages/shared rules/catalogue.ts).
  const list: Course[] = courseList.parse(
    sorted.map((c) =>
      courseSummary({ ...c, lessonPositions: c.lessons.map((l) => l.position), trials: c.exercises?.length ?? 0 }),
    ),
  );
  return {
    courseIds: list.map((c) => c._id),
    common: [[["courses"], list]],
    course(id) {
      const found = sorted.find((c) => c.id === id);
      if (!found) throw new Error(`No course ${id} in the catalogue`);
      const lessons = [...found.lessons].sort((a, b) => a.position - b.position);
      const materials = materialList.parse(
        lessons.map((l) =>
          lessonSummary(found.access, { ...l, _id: l.id, courseId: found.id, questions: l.quiz.length }, null),
        ),
      );
      const one = courseSchema.parse(list.find((c) => c._id === id));
      return [
        [["courses", id], one],
        [["materials", "course", id, "visitor"], materials],
      ];
    },
  };
}
