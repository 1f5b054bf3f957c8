import { type CourseProgressBody, courseXp, dayStreak, isPassing, type StoredCourseProgress } from "@koc/shared";
import { and, eq, inArray, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import {
  courses,
  enrollments,
  exerciseHelp,
  exercisePasses,
  exercises,
  quizAttempts,
  topicCompletionChanges,
  topicCompletions,
} from "../../db/schema.js";
import { ForbiddenError, NotFoundError } from "../../errors.js";
import type { CatalogueService } from "../catalogue/service.js";
import { undoCourseCompletions } from "./completions.js";

interface ProgressDeps {
  db: Db;
  catalogue: CatalogueService;
  now?: () => Date;
}

/**
 * A learner's progress, computed from what the server recorded: graded attempts (best score per
 * topic, a pass unlocks the knowledge section) and completions (accepted only after a pass). The
 * browser's progress_{courseId} record is a cache of this answer.
 */
export const RESTART_NOT_ENROLLED = "Enrol in this course before starting it over.";

export function createProgressService({ db, catalogue, now = () => new Date() }: ProgressDeps) {
  /**
   * Everything the progress of one course is computed from, in one round trip: attempts, completions,
   * trials passed and completion presses (UNION ALL on the per-user-and-course indexes). Four
   * sequential queries made a progress save wait for a pool connection four times under load.
   */
  async function activityOf(userId: string, courseId: string) {
    const result = (await db.execute(sql`
      select 'attempt' as kind, material_id, score, created_at as at from quiz_attempts
        where user_id = ${userId} and course_id = ${courseId} and material_id is not null
      union all
      select 'completion', material_id, null, completed_at from topic_completions
        where user_id = ${userId} and course_id = ${courseId}
      union all
      select case when with_help then 'trial-help' else 'trial' end, null, null, passed_at from exercise_passes
        where user_id = ${userId} and course_id = ${courseId}
      union all
      select 'change', null, null, changed_at from topic_completion_changes
        where user_id = ${userId} and course_id = ${courseId}`)) as unknown as {
      rows: { kind: string; material_id: string | null; score: number | null; at: Date | string }[];
    };
    const attempts: { materialId: string | null; score: number; at: Date }[] = [];
    const completions: { materialId: string; at: Date }[] = [];
    const trials: { at: Date; withHelp: boolean }[] = [];
    const changes: { at: Date }[] = [];
    for (const row of result.rows) {
      const at = new Date(row.at);
      if (row.kind === "attempt") attempts.push({ materialId: row.material_id, score: Number(row.score), at });
      else if (row.kind === "completion") completions.push({ materialId: String(row.material_id), at });
      else if (row.kind === "trial" || row.kind === "trial-help")
        trials.push({ at, withHelp: row.kind === "trial-help" });
      else changes.push({ at });
    }
    return { attempts, completions, trials, changes };
  }

  async function compute(userId: string, courseId: string, timeZone: string): Promise<StoredCourseProgress> {
    const lessons = await catalogue.lessonsWithAnswers(courseId);
    const { attempts, completions, trials, changes } = await activityOf(userId, courseId);

    const best = new Map<string, number>();
    for (const a of attempts) {
      if (a.materialId) best.set(a.materialId, Math.max(best.get(a.materialId) ?? 0, a.score));
    }
    const done = new Set(completions.map((c) => c.materialId));
    const ids = lessons.map((l) => l._id);
    const completed = ids.filter((id) => done.has(id));
    const activity = [
      ...attempts.map((a) => a.at),
      ...completions.map((c) => c.at),
      ...changes.map((c) => c.at),
      ...trials.map((t) => t.at),
    ];
    const last = activity.reduce((m, d) => (d > m ? d : m), new Date(0));
    return {
      courseId,
      completed,
      knowledgeUnlocked: ids.filter((id) => isPassing(best.get(id) ?? -1)),
      topicProgress: Object.fromEntries(ids.filter((id) => best.has(id)).map((id) => [id, best.get(id) as number])),
      xp: courseXp(completed.length, trials.filter((t) => !t.withHelp).length, trials.filter((t) => t.withHelp).length),
      streak: dayStreak(activity, now(), timeZone),
      updatedAt: last.toISOString(),
    };
  }

  /** Topics whose completion the server accepts: a recorded pass, or no quiz to pass. */
  async function completable(userId: string, courseId: string, wanted: string[]): Promise<string[]> {
    const lessons = await catalogue.lessonsWithAnswers(courseId);
    const passes = new Set(
      (
        await db
          .select({ materialId: quizAttempts.materialId, score: quizAttempts.score })
          .from(quizAttempts)
          .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, courseId)))
      )
        .filter((a) => isPassing(a.score))
        .map((a) => a.materialId),
    );
    const want = new Set(wanted);
    return lessons.filter((l) => want.has(l._id) && (l.quiz.length === 0 || passes.has(l._id))).map((l) => l._id);
  }

  return {
    async list(userId: string, timeZone = "UTC"): Promise<StoredCourseProgress[]> {
      // Every course the learner left a trace in, in one statement (UNION drops the repeats).
      const traces = await union(
        db
          .select({ courseId: quizAttempts.courseId })
          .from(quizAttempts)
          .where(and(eq(quizAttempts.userId, userId), isNotNull(quizAttempts.materialId))),
        db
          .select({ courseId: topicCompletions.courseId })
          .from(topicCompletions)
          .where(eq(topicCompletions.userId, userId)),
        db.select({ courseId: exercisePasses.courseId }).from(exercisePasses).where(eq(exercisePasses.userId, userId)),
        db
          .select({ courseId: topicCompletionChanges.courseId })
          .from(topicCompletionChanges)
          .where(eq(topicCompletionChanges.userId, userId)),
      );
      const courseIds = traces.map((r) => r.courseId).sort();
      return Promise.all(courseIds.map((id) => compute(userId, id, timeZone)));
    },

    /** An empty record when nothing is recorded yet, so the client needs no special case. */
    get(userId: string, courseId: string, timeZone = "UTC"): Promise<StoredCourseProgress> {
      return compute(userId, courseId, timeZone);
    },

    /**
     * The browser's record of which topics are completed (the completion button, both ways). Claims
     * without a recorded pass are refused (left out); scores, unlocks, xp and streak are the server's.
     */
    async put(
      userId: string,
      courseId: string,
      body: CourseProgressBody,
      timeZone = "UTC",
    ): Promise<StoredCourseProgress> {
      const accepted = await completable(userId, courseId, body.completed);
      await db.transaction(async (tx) => {
        const mine = and(eq(topicCompletions.userId, userId), eq(topicCompletions.courseId, courseId));
        const undone = await tx
          .delete(topicCompletions)
          .where(accepted.length > 0 ? and(mine, notInArray(topicCompletions.materialId, accepted)) : mine)
          .returning({ materialId: topicCompletions.materialId });
        const done =
          accepted.length > 0
            ? await tx
                .insert(topicCompletions)
                .values(accepted.map((materialId) => ({ userId, courseId, materialId })))
                .onConflictDoNothing()
                .returning({ materialId: topicCompletions.materialId })
            : [];
        const changed = [
          ...undone.map((r) => ({ userId, courseId, materialId: r.materialId, completed: false })),
          ...done.map((r) => ({ userId, courseId, materialId: r.materialId, completed: true })),
        ];
        if (changed.length > 0) await tx.insert(topicCompletionChanges).values(changed);
      });
      return compute(userId, courseId, timeZone);
    },

    /**
     * "Start this course over" (decision 0027): the course's graded quizzes, completions, trial passes
     * and help ladders go (a revealed solution stays revealed), in one transaction, so progress, xp and
     * achievements read zero. Kept: the
     * enrolment, certificates, payments, the attempt history and drafts, and the completion history
     * (each completion undone is recorded like the button's, so the streak stays as the button leaves it).
     */
    async restart(userId: string, courseId: string, timeZone = "UTC"): Promise<StoredCourseProgress> {
      const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
      if (!course) throw new NotFoundError("Course not found");
      await db.transaction(async (tx) => {
        const [enrolled] = await tx
          .select({ courseId: enrollments.courseId })
          .from(enrollments)
          .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
        if (!enrolled) throw new ForbiddenError(RESTART_NOT_ENROLLED);
        await undoCourseCompletions(tx, userId, courseId);
        await tx.delete(quizAttempts).where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, courseId)));
        await tx
          .delete(exercisePasses)
          .where(and(eq(exercisePasses.userId, userId), eq(exercisePasses.courseId, courseId)));
        // The ladder starts again, but a solution once seen stays seen: a later pass of that trial is
        // still "solved with help" (a quarter of the xp, not on the certificate).
        const trials = tx.select({ id: exercises.id }).from(exercises).where(eq(exercises.courseId, courseId));
        const ladder = and(eq(exerciseHelp.userId, userId), inArray(exerciseHelp.exerciseId, trials));
        await tx.delete(exerciseHelp).where(and(ladder, isNull(exerciseHelp.revealedAt)));
        await tx
          .update(exerciseHelp)
          .set({ failures: 0, hintsTaken: 0, failuresAtLastHint: 0, updatedAt: new Date() })
          .where(ladder);
      });
      return compute(userId, courseId, timeZone);
    },

    /** How many of a course's topics the learner has not completed on the server. */
    async remaining(userId: string, courseId: string): Promise<{ remaining: number; total: number }> {
      const lessons = await catalogue.lessonsWithAnswers(courseId);
      const ids = lessons.map((l) => l._id);
      if (ids.length === 0) return { remaining: 0, total: 0 };
      const rows = await db
        .select({ materialId: topicCompletions.materialId })
        .from(topicCompletions)
        .where(and(eq(topicCompletions.userId, userId), inArray(topicCompletions.materialId, ids)));
      return { remaining: ids.length - rows.length, total: ids.length };
    },
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
