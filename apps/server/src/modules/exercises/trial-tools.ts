import type {
  AttemptDetail,
  AttemptSummary,
  RevealRequest,
  SolutionResult,
  TrialHelp,
  TrialRunRequest,
  TrialRunResult,
} from "@koc/shared";
import { and, desc, eq } from "drizzle-orm";
import { ownerOf } from "../../adapters/code-runner/fair-share.js";
import type { CodeRunner } from "../../adapters/code-runner/types.js";
import type { RateLimiter } from "../../adapters/rate-limit/types.js";
import type { DbOrTx } from "../../db/client.js";
import { exerciseAttempts, exercises } from "../../db/schema.js";
import { NotFoundError, RateLimitedError, UnsupportedError } from "../../errors.js";
import { versionFor } from "./grading.js";
import { type ExerciseService, projectOf } from "./service.js";

export const HTML_NOT_RUN = "An HTML trial has no program to run: its page is previewed and checked in your browser.";

export const TRIAL_RUN_RATE_LIMITED = "Too many runs of this trial's code. Take a breath, then run again in a minute.";
/** Runs per learner (or visitor's address) per minute: Run is free, but each one uses the sandbox. */
export const RUNS_PER_MINUTE = 30;
/** "My attempts" lists the newest ones. */
export const ATTEMPTS_LISTED = 50;

type Caller = { user: { id: string; isPremium: boolean } | null; ip: string; helpToken?: string | undefined };

/**
 * Around the grader: the ladder of help, Run before Submit (never an attempt), and a learner's
 * stored attempts. Each call first checks the trial exists (404) and is open to the caller (403).
 */
export function createTrialTools(deps: {
  db: DbOrTx;
  exercises: ExerciseService;
  rateLimiter: RateLimiter;
  codeRunner: () => CodeRunner;
}) {
  const { db, exercises: service, rateLimiter, codeRunner } = deps;
  const ladder = service.ladder;

  const summary = (a: typeof exerciseAttempts.$inferSelect): AttemptSummary => ({
    _id: a.id,
    exerciseId: a.exerciseId,
    language: a.language,
    release: a.release,
    passed: a.passed,
    passedChecks: a.checks.filter((c) => c.passed).length,
    totalChecks: a.checks.length,
    compileError: a.compileError,
    createdAt: a.createdAt.toISOString(),
  });

  return {
    async help(id: string, who: Caller): Promise<TrialHelp> {
      return ladder.state(await service.openRow(id, who.user), who);
    },
    async takeHint(id: string, who: Caller): Promise<TrialHelp> {
      return ladder.takeHint(await service.openRow(id, who.user), who);
    },
    async reveal(id: string, who: Caller, body: RevealRequest): Promise<SolutionResult> {
      return ladder.reveal(await service.openRow(id, who.user), who, body);
    },
    async solution(id: string, who: Caller): Promise<SolutionResult> {
      return ladder.solution(await service.openRow(id, who.user), who);
    },

    /**
     * Runs the learner's code once, on the first sample's input or their own, in the same sandbox
     * as a submission. Not an attempt: nothing is recorded, no hint unlocks, no xp.
     */
    async run(id: string, who: Caller, body: TrialRunRequest): Promise<TrialRunResult> {
      const row = await service.openRow(id, who.user);
      if (row.language === "html") throw new UnsupportedError(HTML_NOT_RUN);
      const key = who.user ? `trial-run:user:${who.user.id}` : `trial-run:ip:${who.ip}`;
      const limit = await rateLimiter.hit(key, RUNS_PER_MINUTE, 60);
      if (!limit.allowed) throw new RateLimitedError(TRIAL_RUN_RATE_LIMITED, limit.retryAfterSeconds);
      const sample = row.cases.find((c) => c.sample === true);
      const stdin = body.stdin ?? sample?.stdin ?? "";
      const started = performance.now();
      const outcome = await codeRunner().runCases({
        language: row.language,
        // A Java 21 trial runs on 21, like its submissions.
        version: versionFor(row, body.version),
        code: body.code,
        stdins: [stdin],
        project: projectOf(row, body.files),
        owner: ownerOf(who.user, who.ip),
        // SQL: the rows as the query returned them (a submission sorts them when order does not count).
        ...(row.sql ? { sql: { ...row.sql, ordered: true } } : {}),
      });
      const timeMs = Math.round(performance.now() - started);
      const run = outcome.runs[0];
      return {
        stdout: run?.stdout ?? "",
        stderr: run?.stderr ?? "",
        exitCode: run?.exitCode ?? null,
        ...(outcome.compileError !== undefined ? { compileError: outcome.compileError } : {}),
        timeMs,
        timedOut: run?.timedOut === true,
        truncated: run?.truncated === true,
        usedSample: body.stdin === undefined ? (sample?.name ?? null) : null,
      };
    },

    /** The learner's own attempts at a trial, newest first; 404 for an unknown trial. */
    async attempts(userId: string, exerciseId: string): Promise<AttemptSummary[]> {
      const [row] = await db.select({ id: exercises.id }).from(exercises).where(eq(exercises.id, exerciseId));
      if (!row) throw new NotFoundError("Trial not found");
      const rows = await db
        .select()
        .from(exerciseAttempts)
        .where(and(eq(exerciseAttempts.userId, userId), eq(exerciseAttempts.exerciseId, exerciseId)))
        .orderBy(desc(exerciseAttempts.createdAt))
        .limit(ATTEMPTS_LISTED);
      return rows.map(summary);
    },

    /** One of the learner's attempts with its code; another learner's is as unknown as a missing one. */
    async attempt(userId: string, attemptId: string): Promise<AttemptDetail> {
      const [a] = await db
        .select()
        .from(exerciseAttempts)
        .where(and(eq(exerciseAttempts.id, attemptId), eq(exerciseAttempts.userId, userId)));
      if (!a) throw new NotFoundError("Attempt not found");
      return { ...summary(a), code: a.code, ...(a.files ? { files: a.files } : {}), checks: a.checks };
    },
  };
}

export type TrialTools = ReturnType<typeof createTrialTools>;
