import type { EnrolledCourse } from "@koc/shared";
import { and, asc, count, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { courses, enrollments, materials, users } from "../../db/schema.js";
import { ForbiddenError, NotFoundError } from "../../errors.js";

export const PREMIUM_ENROL_REFUSED =
  "This is a premium course. Upgrade to lifetime premium to enrol and unlock all its lessons.";

const enrolledColumns = {
  _id: courses.id,
  title: courses.title,
  description: courses.description,
  category: courses.category,
  access: courses.access,
  lessonCount: count(materials.id),
  enrolledAt: enrollments.enrolledAt,
};

/** A user's enrolments; every function takes the caller's id, so no one reaches another's list. */
export function createEnrollmentService(db: DbOrTx) {
  async function list(userId: string, courseId?: string): Promise<EnrolledCourse[]> {
    const rows = await db
      .select(enrolledColumns)
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .leftJoin(materials, eq(materials.courseId, courses.id))
      .where(
        courseId
          ? and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))
          : eq(enrollments.userId, userId),
      )
      .groupBy(courses.id, enrollments.enrolledAt)
      .orderBy(asc(enrollments.enrolledAt), asc(courses.position));
    return rows.map((r) => ({ ...r, enrolledAt: r.enrolledAt.toISOString() }));
  }

  return {
    list: (userId: string) => list(userId),

    /** Idempotent: enrolling again keeps the first enrolledAt. `created` says whether it is new. */
    async enroll(userId: string, courseId: string, enrolledAt?: Date) {
      const [course] = await db
        .select({ id: courses.id, access: courses.access })
        .from(courses)
        .where(eq(courses.id, courseId));
      if (!course) throw new NotFoundError("Course not found");
      if (course.access === "premium") {
        // Read premium from the database, never from the client: a revoke takes effect at once.
        const [user] = await db.select({ isPremium: users.isPremium }).from(users).where(eq(users.id, userId));
        if (!user?.isPremium) throw new ForbiddenError(PREMIUM_ENROL_REFUSED);
      }
      const inserted = await db
        .insert(enrollments)
        .values({ userId, courseId, ...(enrolledAt ? { enrolledAt } : {}) })
        .onConflictDoNothing()
        .returning({ courseId: enrollments.courseId });
      const [row] = await list(userId, courseId);
      if (!row) throw new NotFoundError("Course not found");
      return { created: inserted.length > 0, course: row };
    },

    async unenroll(userId: string, courseId: string): Promise<void> {
      await db.delete(enrollments).where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
    },
  };
}

export type EnrollmentService = ReturnType<typeof createEnrollmentService>;
