import { z } from "zod";
import { slugId } from "./common.js";
import { projectFile, projectFilesBody } from "./project-files.js";
import { javaVersion } from "./run.js";
import { trialHelp } from "./trial-help.js";

/**
 * Auto-graded exercises ("trials"): content/courses/<course>/exercises/<lesson-stem>.<k>.md.
 * Every case is stdin -> expected stdout (whitespace-normalised). Hidden cases never leave the server.
 */
export const exerciseLanguage = z.enum(["java", "python", "javascript", "sql", "html"]);
export type ExerciseLanguage = z.infer<typeof exerciseLanguage>;

export const exerciseDifficulty = z.number().int().min(1).max(3);

/** One row of GET /api/exercises?courseId={id}, in lesson order then k. */
export const exerciseSummary = z.object({
  _id: z.string(),
  materialId: z.string(),
  title: z.string(),
  difficulty: exerciseDifficulty,
  language: exerciseLanguage,
  /** For a signed-in learner: whether they have passed it (always false for a visitor). */
  passed: z.boolean(),
  /**
   * Whether the caller may open it: a premium course's trials follow its lessons (premium learners,
   * or the free preview lesson at position 0). The server always sends it.
   */
  open: z.boolean().optional(),
  /** Passed after revealing the solution: a quarter of the xp, not among the certificate's trials. */
  solvedWithHelp: z.boolean().optional(),
});
export type ExerciseSummary = z.infer<typeof exerciseSummary>;
export const exerciseList = z.array(exerciseSummary);

/** A visible sample case: shown with its input and expected output. */
export const exerciseSample = z.object({ name: z.string(), stdin: z.string(), stdout: z.string() });
export type ExerciseSample = z.infer<typeof exerciseSample>;

/** GET /api/exercises/{id}: the task, never the hidden cases nor the reference solution. */
export const exerciseDetail = exerciseSummary.extend({
  courseId: z.string(),
  /** Markdown. */
  statement: z.string(),
  starter: z.string(),
  /** How many hints it has: each is given by POST /api/exercises/{id}/hints once unlocked. */
  hintCount: z.number().int().nonnegative(),
  samples: z.array(exerciseSample),
  /** How many hidden cases the submission is also graded on. */
  hiddenCases: z.number().int().nonnegative(),
  /** How many hidden unit tests call the learner's classes and methods (0 or absent: none). */
  hiddenTests: z.number().int().nonnegative().optional(),
  /**
   * HTML trials: the checks the learner's browser runs on the rendered page for instant feedback
   * (the server runs the same checks again before it records a pass), each with its viewport width.
   */
  pageChecks: z
    .object({ code: z.string(), checks: z.array(z.object({ name: z.string(), width: z.number().int().positive() })) })
    .optional(),
  /** Java trials: the release the submission is compiled for and run on (17 unless the trial says 21). */
  release: z.number().int().positive().optional(),
  /**
   * A multi-file Java project (docs/decisions/0032-multi-file-java-trials.md): its starter files,
   * one editor tab each; `starter` is then its Main.java. "maven": sources under src/main/java, the
   * learner's tests under src/test/java, and a read-only pom.xml.
   */
  files: z.array(projectFile).optional(),
  layout: z.enum(["flat", "maven"]).optional(),
});
export type ExerciseDetail = z.infer<typeof exerciseDetail>;

/** POST /api/exercises/{id}/submissions */
export const submissionRequest = z.object({
  code: z.string().min(1, "must not be empty").max(100_000, "must be at most 100000 characters"),
  language: exerciseLanguage,
  /** Java only; the course default (java17) when omitted. */
  version: javaVersion.optional(),
  /**
   * A project trial: every editable file (`code` is then its Main.java, kept for the stored
   * attempt's preview). Required for a project, refused for a single-file trial.
   */
  files: projectFilesBody.optional(),
});
export type SubmissionRequest = z.infer<typeof submissionRequest>;

/** How one case or unit test ended. */
export const testStatus = z.enum(["passed", "failed", "timedOut"]);
export type TestStatus = z.infer<typeof testStatus>;

export const submissionCase = z.object({
  name: z.string(),
  passed: z.boolean(),
  timedOut: z.boolean(),
  /** The same verdict in one word (passed / failed / timedOut); older answers may lack it. */
  status: testStatus.optional(),
  /** Not run: an earlier case timed out, or the submission's wall-clock budget was spent. */
  notRun: z.boolean().optional(),
  /** Samples only: a hidden case says only whether it passed. */
  expected: z.string().optional(),
  actual: z.string().optional(),
  /** Samples only: what the program wrote to standard error (an exception, a traceback). */
  stderr: z.string().optional(),
});
export type SubmissionCase = z.infer<typeof submissionCase>;

/**
 * One hidden unit test (JUnit 5, unittest, node:test): its readable name, how it ended and, when it
 * failed, the assertion's message with hidden data removed (never the test's code, inputs or
 * expected values).
 */
export const submissionTest = z.object({
  name: z.string(),
  status: testStatus,
  message: z.string().optional(),
});
export type SubmissionTest = z.infer<typeof submissionTest>;

export const submissionResult = z.object({
  passed: z.boolean(),
  /** Set when the program did not compile (Java): then every case failed without running. */
  compileError: z.string().optional(),
  cases: z.array(submissionCase),
  /** A unit-tested trial: every hidden test, in the trial's order (absent for a trial without tests). */
  tests: z.array(submissionTest).optional(),
  /**
   * A signed-in learner: whether this submission recorded a first pass (xp granted once).
   * A visitor who passed gets an earned-progress receipt instead (see the quiz receipts).
   */
  firstPass: z.boolean().optional(),
  receipt: z.string().optional(),
  /** A first pass: the trial achievements it unlocked (shared rules' TRIAL_ACHIEVEMENTS), if any. */
  achievements: z.array(z.string()).optional(),
  /** The help ladder after this submission (a failure may unlock a hint or the solution). */
  help: trialHelp.optional(),
});
export type SubmissionResult = z.infer<typeof submissionResult>;

/** Extra xp for a first pass of a trial (the shared rules' unit is 50 per completed material). */
export const XP_PER_TRIAL = 25;

/** GET /api/exercises?courseId= */
export const exerciseListQuery = z.object({ courseId: slugId });

/** GET /api/exercises/{id}, POST /api/exercises/{id}/submissions */
export const exerciseIdParams = z.object({ id: slugId });

/** GET /api/exercises/passed (signed in): trials passed per course that has trials, for the dashboard. */
export const trialsPassed = z.object({
  courseId: z.string(),
  passed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type TrialsPassed = z.infer<typeof trialsPassed>;
export const trialsPassedList = z.array(trialsPassed);
