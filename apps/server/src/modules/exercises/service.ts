import type {
  ExerciseDetail,
  ExerciseSummary,
  RedeemReceiptsResult,
  SubmissionRequest,
  SubmissionResult,
  TrialFile,
  TrialsPassed,
} from "@koc/shared";
import { mayOpenLesson as mayOpen, type Reader } from "@koc/shared";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { ownerOf } from "../../adapters/code-runner/fair-share.js";
import type { CodeRunner, JavaProject } from "../../adapters/code-runner/types.js";
import type { RateLimiter } from "../../adapters/rate-limit/types.js";
import type { DbOrTx } from "../../db/client.js";
import { courses, exerciseHelp, exercisePasses, exercises, redeemedReceipts } from "../../db/schema.js";
import { BadRequestError, ForbiddenError, NotFoundError, RateLimitedError } from "../../errors.js";
import type { CatalogueService } from "../catalogue/service.js";
import { gradeCases, runHiddenTests, testsNotRun, versionFor } from "./grading.js";
import { createHelpLadder } from "./help.js";
import { HELP_STATE_PREFIX, type HelpStateSigner } from "./help-state.js";
import { checkPage, type PageChecks, pageChecksOf } from "./html-grading.js";
import { TRIAL_RECEIPT_PREFIX, type TrialReceiptSigner } from "./receipts.js";
import { createSubmissionOutcome } from "./submission-outcome.js";

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
  /** Signs a visitor's place on the ladder of help (help-state.ts). */
  helpSigner: HelpStateSigner;
  /** The app's runner (read at each submission: main.ts provides it once set up). */
  codeRunner: () => CodeRunner;
  /** Renders an HTML trial's page in headless Chromium and runs its checks (html-grading.ts). */
  pageChecker: PageChecks;
  now?: () => number;
}

type Row = typeof exercises.$inferSelect;
/**
 * Who submits: a learner (recorded, limited by id) or a visitor (a receipt, limited by address; their
 * signed help state, if any, in `helpToken`).
 */
/**
 * A project trial's submission as the runner takes it: every file the learner sent (a Maven
 * project's under src/main/java or src/test/java) and the trial's own entry class. A project
 * needs its files, a single-file trial refuses them (400 naming body.files).
 */
export function projectOf(row: Pick<Row, "project">, files: TrialFile[] | undefined): JavaProject | undefined {
  if (!row.project) {
    if (files !== undefined) throw new BadRequestError("body.files: this trial is a single file: send code only");
    return undefined;
  }
  if (files === undefined) throw new BadRequestError("body.files: this trial is a project: send every file");
  if (row.project.layout === "maven") {
    const outside = files.find((f) => !/^src\/(main|test)\/java\//.test(f.path));
    if (outside) throw new BadRequestError(`body.files: ${outside.path} must lie under src/main/java or src/test/java`);
  }
  return { files, mainClass: row.project.mainClass };
}

export type Submitter = { user: { id: string; isPremium: boolean } | null; ip: string; helpToken?: string | undefined };

export function createExerciseService({
  db,
  catalogue,
  rateLimiter,
  receipts,
  helpSigner,
  codeRunner,
  pageChecker,
  now = Date.now,
}: ExerciseDeps) {
  const ladder = createHelpLadder({ db, signer: helpSigner, now });
  const recorder = createSubmissionOutcome({ db, ladder, helpSigner, receipts, now });
  /** The exercise and whether the reader may open it; 404 when there is no such exercise. */
  async function find(id: string, reader: Reader): Promise<{ row: Row; open: boolean }> {
    const [row] = await db.select().from(exercises).where(eq(exercises.id, id));
    if (!row) throw new NotFoundError("Trial not found");
    const { access, lesson } = await catalogue.lessonWithAnswers(row.materialId);
    return { row, open: mayOpen(access, lesson.position, reader) };
  }

  /** The learner's passed trials among `ids`: true when solved with help. */
  async function passedIds(userId: string, ids: string[]): Promise<Map<string, boolean>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: exercisePasses.exerciseId, withHelp: exercisePasses.withHelp })
      .from(exercisePasses)
      .where(and(eq(exercisePasses.userId, userId), inArray(exercisePasses.exerciseId, ids)));
    return new Map(rows.map((r) => [r.id, r.withHelp]));
  }

  const summary = (row: Row, passed: boolean | undefined, open: boolean): ExerciseSummary => ({
    _id: row.id,
    materialId: row.materialId,
    title: row.title,
    difficulty: row.difficulty,
    language: row.language,
    passed: passed !== undefined,
    open,
    ...(passed === true ? { solvedWithHelp: true } : {}),
  });

  /**
   * A visitor's help state, brought into their account at sign-in so the ladder goes on where it
   * stood: never lowers what the account recorded (greatest of each count, the earliest reveal).
   * Genuine and unexpired states only; applying one twice changes nothing.
   */
  async function importHelp(userId: string, token: string): Promise<boolean> {
    const state = helpSigner.verify(token, now());
    if (!state) return false;
    const [row] = await db.select({ id: exercises.id }).from(exercises).where(eq(exercises.id, state.exerciseId));
    if (!row) return false;
    const revealedAt = state.revealed ? new Date(state.at) : null;
    await db
      .insert(exerciseHelp)
      .values({
        userId,
        exerciseId: row.id,
        failures: state.failures,
        hintsTaken: state.hintsTaken,
        failuresAtLastHint: state.failuresAtLastHint,
        revealedAt,
      })
      .onConflictDoUpdate({
        target: [exerciseHelp.userId, exerciseHelp.exerciseId],
        set: {
          failures: sql`greatest(${exerciseHelp.failures}, excluded.failures)`,
          hintsTaken: sql`greatest(${exerciseHelp.hintsTaken}, excluded.hints_taken)`,
          failuresAtLastHint: sql`greatest(${exerciseHelp.failuresAtLastHint}, excluded.failures_at_last_hint)`,
          revealedAt: sql`least(${exerciseHelp.revealedAt}, excluded.revealed_at)`,
          updatedAt: new Date(),
        },
      });
    return true;
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
        : new Map<string, boolean>();
      return rows.map((r) =>
        summary(r, passed.get(r.id), mayOpen(course.access, lessons.get(r.materialId) ?? 0, user)),
      );
    },

    /** The task, starter, number of hints and samples: never the hidden cases, the hints' text nor the solution. */
    async get(id: string, user: { id: string; isPremium: boolean } | null): Promise<ExerciseDetail> {
      const { row, open } = await find(id, user);
      if (!open) throw new ForbiddenError(PREMIUM_TRIAL);
      const passed = user ? (await passedIds(user.id, [row.id])).get(row.id) : undefined;
      return {
        ...summary(row, passed, open),
        courseId: row.courseId,
        statement: row.statement,
        starter: row.starter,
        hintCount: row.hints.length,
        samples: row.cases.filter((c) => c.sample === true).map(({ name, stdin, stdout }) => ({ name, stdin, stdout })),
        hiddenCases: row.cases.filter((c) => c.sample !== true).length,
        ...(row.tests ? { hiddenTests: row.tests.names.length } : {}),
        ...(row.language === "java" ? { release: row.release ?? 17 } : {}),
        ...(row.language === "html" && row.tests ? { pageChecks: pageChecksOf(row.tests) } : {}),
        ...(row.project
          ? {
              files: row.project.starter.map((f) => ({
                path: f.path,
                code: f.code,
                ...(f.readOnly ? { readOnly: true } : {}),
              })),
              layout: row.project.layout,
            }
          : {}),
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
      const project = projectOf(row, body.files);
      const key = who.user ? `trial:user:${who.user.id}` : `trial:ip:${who.ip}`;
      const limit = await rateLimiter.hit(key, SUBMISSIONS_PER_MINUTE, 60);
      if (!limit.allowed) throw new RateLimitedError(TRIAL_RATE_LIMITED, limit.retryAfterSeconds);

      if (row.language === "html") {
        // Only this render on the server counts: the browser's own run of the checks is feedback.
        const tests = await checkPage(pageChecker, row, body.code);
        const result: SubmissionResult = { passed: tests.every((t) => t.status === "passed"), cases: [], tests };
        return recorder.finish(row, who, body, result);
      }
      const version = versionFor(row, body.version);
      const outcome = await codeRunner().runCases({
        language: row.language,
        version,
        code: body.code,
        stdins: row.cases.map((c) => c.stdin),
        project,
        owner: ownerOf(who.user, who.ip),
        // SQL: each case's stdin is a dataset; the rendered result set is compared (decision 0030).
        ...(row.sql ? { sql: row.sql } : {}),
      });
      const cases = gradeCases(row, outcome);
      // Unit tests run only on code that compiles (the cases just compiled the same code).
      const tests =
        outcome.compileError === undefined
          ? row.tests
            ? await runHiddenTests(
                codeRunner(),
                { tests: row.tests, language: row.language },
                version,
                body.code,
                ownerOf(who.user, who.ip),
                project,
              )
            : undefined
          : testsNotRun(row);
      const passed =
        outcome.compileError === undefined &&
        cases.every((c) => c.passed) &&
        (tests ?? []).every((t) => t.status === "passed");
      const result: SubmissionResult = {
        passed,
        ...(outcome.compileError !== undefined ? { compileError: outcome.compileError } : {}),
        cases,
        ...(tests ? { tests } : {}),
      };
      // Stored attempt, help ladder, pass once (with help after a reveal): submission-outcome.ts.
      return recorder.finish(row, who, body, result);
    },

    /** An open trial's row for the help, attempts and Run services: 404 unknown, 403 premium. */
    async openRow(id: string, reader: Reader): Promise<Row> {
      const { row, open } = await find(id, reader);
      if (!open) throw new ForbiddenError(PREMIUM_TRIAL);
      return row;
    },

    ladder,

    /** Trials passed on one's own per course that has trials (the dashboard; solved with help is not counted). */
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
        .where(and(eq(exercisePasses.userId, userId), eq(exercisePasses.withHelp, false)))
        .groupBy(exercisePasses.courseId);
      const passed = new Map(mine.map((m) => [m.courseId, Number(m.passed)]));
      return totals.map((t) => ({ courseId: t.courseId, passed: passed.get(t.courseId) ?? 0, total: Number(t.total) }));
    },

    /**
     * One course's trials: how many the learner passed, of how many (the certificate's "N of M
     * trials"). A trial solved with help (after revealing its solution) is not counted.
     */
    async passedIn(userId: string, courseId: string): Promise<{ passed: number; total: number }> {
      const [t] = await db.select({ n: count() }).from(exercises).where(eq(exercises.courseId, courseId));
      const [p] = await db
        .select({ n: count() })
        .from(exercisePasses)
        .where(
          and(
            eq(exercisePasses.userId, userId),
            eq(exercisePasses.courseId, courseId),
            eq(exercisePasses.withHelp, false),
          ),
        );
      return { passed: Number(p?.n ?? 0), total: Number(t?.n ?? 0) };
    },

    /** Trial receipts ("t.") and visitors' help states ("h."): both go to `redeem`. */
    isReceipt: (token: string) => token.startsWith(TRIAL_RECEIPT_PREFIX) || token.startsWith(HELP_STATE_PREFIX),

    /**
     * Records the trials a visitor passed before signing in. Only genuine, unexpired receipts that
     * were never redeemed count (redeemed_receipts' primary key makes each single use); the pass
     * itself is recorded once, like a submitted one.
     */
    async redeem(user: { id: string }, tokens: string[]): Promise<RedeemReceiptsResult> {
      let accepted = 0;
      for (const token of new Set(tokens)) {
        if (token.startsWith(HELP_STATE_PREFIX)) {
          if (await importHelp(user.id, token)) accepted += 1;
          continue;
        }
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
              // Solved with help as a visitor, or after a reveal this account recorded.
              withHelp: claims.withHelp || (await ladder.learnerRecord(user.id, row, tx)).revealed,
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
