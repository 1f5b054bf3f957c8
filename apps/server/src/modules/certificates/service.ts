import { type CertificateRecord, certificateName, newVerificationCode } from "@koc/shared";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { certificates, courseProgress, courses, materials } from "../../db/schema.js";
import { HttpError, NotFoundError } from "../../errors.js";

type Row = typeof certificates.$inferSelect;

const toRecord = (r: Row): CertificateRecord => ({
  code: r.code,
  name: r.name,
  courseTitle: r.courseTitle,
  courseId: r.courseId,
  issuedAt: r.issuedAt.toISOString(),
});

export function createCertificateService(db: DbOrTx) {
  const findFor = async (userId: string, courseId: string) =>
    (
      await db
        .select()
        .from(certificates)
        .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
    )[0];

  return {
    /**
     * Issues the caller's certificate for a course whose every lesson their server progress marks
     * complete. Asking again returns the same code (`created` false); the unique (user, course)
     * constraint keeps two concurrent requests from recording two certificates.
     */
    async issue(user: { id: string; name: string }, courseId: string) {
      const existing = await findFor(user.id, courseId);
      if (existing) return { created: false, certificate: toRecord(existing) };

      const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
      if (!course) throw new NotFoundError("Course not found");
      const lessons = await db.select({ id: materials.id }).from(materials).where(eq(materials.courseId, courseId));
      const [progress] = await db
        .select({ completed: courseProgress.completed })
        .from(courseProgress)
        .where(and(eq(courseProgress.userId, user.id), eq(courseProgress.courseId, courseId)));
      const done = new Set(progress?.completed ?? []);
      const remaining = lessons.filter((l) => !done.has(l.id)).length;
      if (lessons.length === 0 || remaining > 0) {
        throw new HttpError(
          409,
          `Complete every lesson of ${course.title} to earn its certificate (${remaining} of ${lessons.length} still to go).`,
        );
      }

      const [row] = await db
        .insert(certificates)
        .values({
          code: newVerificationCode(),
          userId: user.id,
          courseId,
          name: certificateName(user.name),
          courseTitle: course.title,
        })
        .onConflictDoNothing({ target: [certificates.userId, certificates.courseId] })
        .returning();
      if (row) return { created: true, certificate: toRecord(row) };
      const raced = await findFor(user.id, courseId);
      if (!raced) throw new Error("certificate neither inserted nor found");
      return { created: false, certificate: toRecord(raced) };
    },

    /** Public: anyone may check a code. */
    async verify(code: string): Promise<CertificateRecord> {
      const [row] = await db.select().from(certificates).where(eq(certificates.code, code));
      if (!row) throw new NotFoundError("No certificate has this verification code.");
      return toRecord(row);
    },
  };
}

export type CertificateService = ReturnType<typeof createCertificateService>;
