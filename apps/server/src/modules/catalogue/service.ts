import type { Course, Material } from "@koc/shared";
import { asc, count, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { courses, materials } from "../../db/schema.js";
import { NotFoundError } from "../../errors.js";

const courseColumns = {
  _id: courses.id,
  title: courses.title,
  description: courses.description,
  category: courses.category,
  access: courses.access,
  lessonCount: count(materials.id),
};

/**
 * The catalogue only changes when the seed runs at start-up, so lesson lists are cached per course
 * for the life of the process (`clearCache` after seeding again in the same process).
 */
export function createCatalogueService(db: DbOrTx) {
  const materialsCache = new Map<string, Material[]>();
  return {
    clearCache() {
      materialsCache.clear();
    },

    async listCourses(): Promise<Course[]> {
      return db
        .select(courseColumns)
        .from(courses)
        .leftJoin(materials, eq(materials.courseId, courses.id))
        .groupBy(courses.id)
        .orderBy(asc(courses.position), asc(courses.title));
    },

    async getCourse(id: string): Promise<Course> {
      const [row] = await db
        .select(courseColumns)
        .from(courses)
        .leftJoin(materials, eq(materials.courseId, courses.id))
        .where(eq(courses.id, id))
        .groupBy(courses.id);
      if (!row) throw new NotFoundError("Course not found");
      return row;
    },

    /** The course's lessons in order; 404 when the course does not exist. */
    async listMaterials(courseId: string): Promise<Material[]> {
      const cached = materialsCache.get(courseId);
      if (cached) return cached;
      await this.getCourse(courseId);
      const rows = await db
        .select()
        .from(materials)
        .where(eq(materials.courseId, courseId))
        .orderBy(asc(materials.position));
      const list: Material[] = rows.map((m) => ({
        _id: m.id,
        courseId: m.courseId,
        title: m.title,
        type: m.type,
        position: m.position,
        ...(m.content ? { content: m.content } : {}),
        quiz: m.quiz,
      }));
      materialsCache.set(courseId, list);
      return list;
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
