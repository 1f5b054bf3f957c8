import type { CourseProgressBody, StoredCourseProgress } from "@koc/shared";
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { courseProgress, courses } from "../../db/schema.js";
import { NotFoundError } from "../../errors.js";

type Row = typeof courseProgress.$inferSelect;

const toStored = (r: Row): StoredCourseProgress => ({
  courseId: r.courseId,
  completed: r.completed,
  knowledgeUnlocked: r.knowledgeUnlocked,
  topicProgress: r.topicProgress,
  xp: r.xp,
  streak: r.streak,
  updatedAt: r.updatedAt.toISOString(),
});

const dedupe = (ids: string[]) => [...new Set(ids)];

/**
 * The caller's course progress. PUT stores the browser's record as it is (it already holds the
 * merge made at login), so un-completing a lesson is kept too.
 */
export function createProgressService(db: DbOrTx) {
  async function requireCourse(courseId: string) {
    const [c] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
    if (!c) throw new NotFoundError("Course not found");
  }

  return {
    async list(userId: string): Promise<StoredCourseProgress[]> {
      const rows = await db
        .select()
        .from(courseProgress)
        .where(eq(courseProgress.userId, userId))
        .orderBy(asc(courseProgress.courseId));
      return rows.map(toStored);
    },

    /** An empty record when nothing is stored yet, so the client needs no special case. */
    async get(userId: string, courseId: string): Promise<StoredCourseProgress> {
      await requireCourse(courseId);
      const [row] = await db
        .select()
        .from(courseProgress)
        .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)));
      if (row) return toStored(row);
      return {
        courseId,
        completed: [],
        knowledgeUnlocked: [],
        topicProgress: {},
        xp: 0,
        streak: 0,
        updatedAt: new Date(0).toISOString(),
      };
    },

    async put(userId: string, courseId: string, body: CourseProgressBody): Promise<StoredCourseProgress> {
      await requireCourse(courseId);
      const values = {
        completed: dedupe(body.completed),
        knowledgeUnlocked: dedupe(body.knowledgeUnlocked),
        topicProgress: body.topicProgress,
        xp: body.xp,
        streak: body.streak,
        updatedAt: new Date(),
      };
      const [row] = await db
        .insert(courseProgress)
        .values({ userId, courseId, ...values })
        .onConflictDoUpdate({ target: [courseProgress.userId, courseProgress.courseId], set: values })
        .returning();
      if (!row) throw new Error("progress upsert returned no row");
      return toStored(row);
    },
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
