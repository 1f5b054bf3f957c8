import {
  DEFAULT_JAVA_VERSION,
  type ExerciseDetail,
  type ExerciseSummary,
  outputMatches,
  type RedeemReceiptsResult,
  type SubmissionCase,
  type SubmissionRequest,
  type SubmissionResult,
  type TrialsPassed,
  trialAchievementsUnlocked,
} from "@koc/shared";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { ownerOf } from "../../adapters/code-runner/fair-share.js";
import type { CodeRunner } from "../../adapters/code-runner/types.js";
import type { RateLimiter } from "../../adapters/rate-limit/types.js";
import type { DbOrTx } from "../../db/client.js";
import { courses, exercisePasses, exercises, redeemedReceipts } from "../../db/schema.js";
import { BadRequestError, ForbiddenError, NotFoundError, RateLimitedError } from "../../errors.js";
import type { CatalogueService } from "../catalogue/service.js";
import type { TrialReceiptSigner } from "./receipts.js";

export const TRIAL_RATE_LIMITED = "Too many trial submissions. Read the failing case again, then submit in a minute.";
export const PREMIUM_TRIAL =
  "This trial belongs to a premium lesson. Upgrade to Lifetime Premium to take it; the first lesson's trials stay free.";
/** Submissions per learner (or per visitor's address) per minute: each one runs every case. */
export const SUBMISSIONS_PER_MINUTE = 10;

interface ExerciseDeps {
  db: DbOrTx;
  catalogue: CatalogueService;
  rateLimiter: RateLimiter;
  receipts: TrialReceiptSigner;
  /** The app's runner (read at each submission: main.ts provides it once set up). */
  codeRunner: () => CodeRunner;
  now?: () => number;
}

type Row = typeof exercises.$inferSelect;
/** Who submits: a learner (recorded, limited by id) or a visitor (a receipt, limited by address). */
export type Submitter = { user: { id: string; isPremium: boolean } | null; ip: string };
type Reader = { isPremium: boolean } | null;

const mayOpen = (access: "free" | "premium", position: number, reader: Reader) =>
  access === "free" || position === 0 || reader?.isPremium === true;

export function createExerciseService({
  db,
  catalogue,
  rateLimiter,
  receipts,
  codeRunner,
  now = Date.now,
}: ExerciseDeps) {
  /** The exercise and whether the reader may open it; 404 when there is no such exercise. */
  async function find(id: string, reader: Reader): Promise<{ row: Row; open: boolean }> {
    const [row] = await db.select().from(exercises).where(eq(exercises.id, id));
    if (!row) throw new NotFoundError("Trial not found");
    const { access, lesson } = await catalogue.lessonWithAnswers(row.materialId);
    return { row, open: mayOpen(access, lesson.position, reader) };
  }

  async function passedIds(userId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: exercisePasses.exerciseId })
      .from(exercisePasses)
      .where(and(eq(exercisePasses.userId, userId), inArray(exercisePasses.exerciseId, ids)));
    return new Set(rows.map((r) => r.id));
  }

  const summary = (row: Row, passed: boolean, open: boolean): ExerciseSummary => ({
    _id: row.id,
    materialId: row.materialId,
    title: row.title,
    difficulty: row.difficulty,
    language: row.language,
    passed,
    open,
  });

  async function totalPasses(userId: string): Promise<number> {
    const [r] = await db.select({ n: count() }).from(exercisePasses).where(eq(exercisePasses.userId, userId));
    return Number(r?.n ?? 0);
  }

  return {
    /** A course's trials in lesson order, then k; 404 for an unknown course. */
    async list(courseId: string, user: { id: string; isPremium: boolean } | null): Promise<ExerciseSummary[]> {
      const course = await catalogue.getCourse(courseId);
      const rows = await db
        .select()
        .from(exercises)
        .where(eq(exercises.courseId, courseId))
        .orderBy(asc(exercises.position));
      const lessons = new Map((await catalogue.lessonsWithAnswers(courseId)).map((l) => [l._id, l.position]));
      const passed = user
        ? await passedIds(
            user.id,
            rows.map((r) => r.id),
          )
        : new Set<string>();
      return rows.map((r) =>
        summary(r, passed.has(r.id), mayOpen(course.access, lessons.get(r.materialId) ?? 0, user)),
      );
    },

    /** The task, starter, hints and samples: never the hidden cases nor the solution. */
    async get(id: string, user: { id: string; isPremium: boolean } | null): Promise<ExerciseDetail> {
      const { row, open } = await find(id, user);
      if (!open) throw new ForbiddenError(PREMIUM_TRIAL);
      const passed = user ? (await passedIds(user.id, [row.id])).has(row.id) : false;
      return {
        ...summary(row, passed, open),
        courseId: row.courseId,
        statement: row.statement,
        starter: row.starter,
        hints: row.hints,
        samples: row.cases.filter((c) => c.sample === true).map(({ name, stdin, stdout }) => ({ name, stdin, stdout })),
        hiddenCases: row.cases.filter((c) => c.sample !== true).length,
      };
    },

    /**
     * Runs every case in a fresh sandbox and grades it here. A learner's first pass is recorded once
     * (the primary key decides, not a check-then-write); a visitor who passes gets a receipt.
     */
    async submit(id: string, who: Submitter, body: SubmissionRequest): Promise<SubmissionResult> {
      const { row, open } = await find(id, who.user);
      if (!open) throw new ForbiddenError(PREMIUM_TRIAL);
      if (body.language !== row.language) {
        throw new BadRequestError(`body.language: this trial is written in ${row.language}`);
      }
      const key = who.user ? `trial:user:${who.user.id}` : `trial:ip:${who.ip}`;
      const limit = await rateLimiter.hit(key, SUBMISSIONS_PER_MINUTE, 60);
      if (!limit.allowed) throw new RateLimitedError(TRIAL_RATE_LIMITED, limit.retryAfterSeconds);

      const outcome = await codeRunner().runCases({
        language: row.language,
        version: body.version ?? DEFAULT_JAVA_VERSION,
        code: body.code,
        stdins: row.cases.map((c) => c.stdin),
        owner: ownerOf(who.user, who.ip),
      });
      const cases: SubmissionCase[] = row.cases.map((c, i) => {
        const run = outcome.runs[i];
        const passed =
          run !== undefined &&
          !run.timedOut &&
          !run.truncated &&
          run.exitCode === 0 &&
          outputMatches(run.stdout, c.stdout);
        const notRun = run === undefined && outcome.compileError === undefined;
        const base = { name: c.name, passed, timedOut: run?.timedOut === true, ...(notRun ? { notRun } : {}) };
        if (c.sample !== true) return base;
        return {
          ...base,
          expected: c.stdout,
          actual: run?.stdout ?? "",
          ...(run?.stderr ? { stderr: run.stderr } : {}),
        };
      });
      const passed = outcome.compileError === undefined && cases.every((c) => c.passed);
      const result: SubmissionResult = {
        passed,
        ...(outcome.compileError !== undefined ? { compileError: outcome.compileError } : {}),
        cases,
      };
      if (!passed) return result;
      if (!who.user) return { ...result, receipt: receipts.issue(row.id, now()) };
      const [first] = await db
        .insert(exercisePasses)
        .values({ userId: who.user.id, exerciseId: row.id, courseId: row.courseId })
        .onConflictDoNothing()
        .returning();
      if (!first) return { ...result, firstPass: false };
      const after = await totalPasses(who.user.id);
      return { ...result, firstPass: true, achievements: trialAchievementsUnlocked(after - 1, after) };
    },

    /** Trials passed per course that has trials (the dashboard). */
    async passedPerCourse(userId: string): Promise<TrialsPassed[]> {
      const totals = await db
        .select({ courseId: exercises.courseId, total: count() })
        .from(exercises)
        .innerJoin(courses, eq(courses.id, exercises.courseId))
        .groupBy(exercises.courseId, courses.position)
        .orderBy(asc(courses.position));
      const mine = await db
        .select({ courseId: exercisePasses.courseId, passed: count() })
        .from(exercisePasses)
        .where(eq(exercisePasses.userId, userId))
        .groupBy(exercisePasses.courseId);
      const passed = new Map(mine.map((m) => [m.courseId, Number(m.passed)]));
      return totals.map((t) => ({ courseId: t.courseId, passed: passed.get(t.courseId) ?? 0, total: Number(t.total) }));
    },

    /** One course's trials: how many the learner passed, of how many (the certificate's note). */
    async passedIn(userId: string, courseId: string): Promise<{ passed: number; total: number }> {
      const [t] = await db.select({ n: count() }).from(exercises).where(eq(exercises.courseId, courseId));
      const [p] = await db
        .select({ n: count() })
        .from(exercisePasses)
        .where(and(eq(exercisePasses.userId, userId), eq(exercisePasses.courseId, courseId)));
      return { passed: Number(p?.n ?? 0), total: Number(t?.n ?? 0) };
    },

    isReceipt: (token: string) => token.startsWith("t."),

    /**
     * Records the trials a visitor passed before signing in. Only genuine, unexpired receipts that
     * were never redeemed count (redeemed_receipts' primary key makes each single use); the pass
     * itself is recorded once, like a submitted one.
     */
    async redeem(user: { id: string }, tokens: string[]): Promise<RedeemReceiptsResult> {
      let accepted = 0;
      for (const token of new Set(tokens)) {
        const claims = receipts.verify(token, now());
        if (!claims) continue;
        const [row] = await db.select().from(exercises).where(eq(exercises.id, claims.exerciseId));
        if (!row) continue;
        const counted = await db.transaction(async (tx) => {
          const [fresh] = await tx
            .insert(redeemedReceipts)
            .values({ receiptId: claims.id, userId: user.id })
            .onConflictDoNothing()
            .returning();
          if (!fresh) return false;
          await tx
            .insert(exercisePasses)
            .values({
              userId: user.id,
              exerciseId: row.id,
              courseId: row.courseId,
              source: "receipt",
              passedAt: new Date(claims.at),
            })
            .onConflictDoNothing();
          return true;
        });
        if (counted) accepted += 1;
      }
      return { accepted, rejected: tokens.length - accepted };
    },
  };
}

export type ExerciseService = ReturnType<typeof createExerciseService>;
