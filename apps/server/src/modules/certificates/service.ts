import { type CertificateRecord, certificateName, newVerificationCode } from "@koc/shared";
import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { certificates, courses } from "../../db/schema.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import type { ProgressService } from "../progress/service.js";

type Row = typeof certificates.$inferSelect;

const toRecord = (r: Row): CertificateRecord => ({
  code: r.code,
  name: r.name,
  courseTitle: r.courseTitle,
  courseId: r.courseId,
  issuedAt: r.issuedAt.toISOString(),
});

export function createCertificateService(db: DbOrTx, progress: ProgressService) {
  const findFor = async (userId: string, courseId: string) =>
    (
      await db
        .select()
        .from(certificates)
        .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
    )[0];

  return {
    /**
     * Issues the caller's certificate for a course whose every topic the server recorded as
     * completed (premium courses also need premium). Asking again returns the same code (`created` false); the unique (user, course)
     * constraint keeps two concurrent requests from recording two certificates.
     */
    async issue(user: { id: string; name: string; isPremium: boolean }, courseId: string) {
      const existing = await findFor(user.id, courseId);
      if (existing) return { created: false, certificate: toRecord(existing) };

      const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
      if (!course) throw new NotFoundError("Course not found");
      if (course.access === "premium" && !user.isPremium) {
        throw new ForbiddenError("Certificates of premium courses need Lifetime Premium.");
      }
      // Only what the server recorded counts: every topic completed after a graded pass.
      const { remaining, total } = await progress.remaining(user.id, courseId);
      if (total === 0 || remaining > 0) {
        throw new ConflictError(
          `Complete every topic of ${course.title} to earn its certificate: ${remaining} of ${total} ${remaining === 1 ? "topic remains" : "topics remain"}.`,
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

    /** The caller's own certificates, newest first. */
    async listFor(userId: string): Promise<CertificateRecord[]> {
      const rows = await db
        .select()
        .from(certificates)
        .where(eq(certificates.userId, userId))
        .orderBy(desc(certificates.issuedAt), certificates.code);
      return rows.map(toRecord);
    },

    /** One of the caller's own certificates; another learner's code is simply not found. */
    async findOwned(userId: string, code: string): Promise<CertificateRecord> {
      const [row] = await db
        .select()
        .from(certificates)
        .where(and(eq(certificates.code, code), eq(certificates.userId, userId)));
      if (!row) throw new NotFoundError("No certificate of yours has this verification code.");
      return toRecord(row);
    },

    /** Public: anyone may check a code; null when no certificate has it. */
    async find(code: string): Promise<CertificateRecord | null> {
      const [row] = await db.select().from(certificates).where(eq(certificates.code, code));
      return row ? toRecord(row) : null;
    },

    /** A certificate and the learner it belongs to (for its mail), or null. */
    async findWithOwner(code: string): Promise<{ record: CertificateRecord; userId: string } | null> {
      const [row] = await db.select().from(certificates).where(eq(certificates.code, code));
      return row ? { record: toRecord(row), userId: row.userId } : null;
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
