import type { EnrolledCourse, EnrolmentProgress, Material } from "@koc/shared";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { courses, enrollments, topicCompletions, users } from "../../db/schema.js";
import { ForbiddenError, NotFoundError } from "../../errors.js";
import type { CatalogueService } from "../catalogue/service.js";
import { undoCourseCompletions } from "../progress/completions.js";

export const PREMIUM_ENROL_REFUSED =
  "This is a premium course. Upgrade to lifetime premium to enrol and unlock all its lessons.";

/** How far a learner is: lessons completed and the first one in course order not yet completed. */
export function progressThrough(lessons: Material[], done: ReadonlySet<string>): EnrolmentProgress {
  const next = lessons.find((l) => !done.has(l._id));
  return {
    completed: lessons.filter((l) => done.has(l._id)).length,
    next: next ? { _id: next._id, title: next.title } : null,
  };
}

/** A user's enrolments; every function takes the caller's id, so no one reaches another's list. */
export function createEnrollmentService(db: Db, catalogue: CatalogueService) {
  /** The caller's enrolments (or one of them), each with the course's card and where they stand in it. */
  async function list(userId: string, courseId?: string): Promise<EnrolledCourse[]> {
    const rows = await db
      .select({ courseId: enrollments.courseId, enrolledAt: enrollments.enrolledAt })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(
        courseId
          ? and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))
          : eq(enrollments.userId, userId),
      )
      .orderBy(asc(enrollments.enrolledAt), asc(courses.position));
    if (rows.length === 0) return [];
    const completions = await db
      .select({ materialId: topicCompletions.materialId })
      .from(topicCompletions)
      .where(
        and(
          eq(topicCompletions.userId, userId),
          inArray(
            topicCompletions.courseId,
            rows.map((r) => r.courseId),
          ),
        ),
      );
    const done = new Set(completions.map((c) => c.materialId));
    return Promise.all(
      rows.map(async (r) => ({
        ...(await catalogue.getCourse(r.courseId)),
        enrolledAt: r.enrolledAt.toISOString(),
        progress: progressThrough(await catalogue.lessonsWithAnswers(r.courseId), done),
      })),
    );
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

    /**
     * The Unenroll warning's promise, kept on the server: the enrolment and the course's completions
     * go together (graded attempts stay: they are the learner's record, and passes are not redone).
     */
    async unenroll(userId: string, courseId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(enrollments).where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
        await undoCourseCompletions(tx, userId, courseId);
      });
    },
  };
}

export type EnrollmentService = ReturnType<typeof createEnrollmentService>;
