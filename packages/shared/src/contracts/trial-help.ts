import { z } from "zod";
import { projectFile, projectFilesBody, trialFile } from "./project-files.js";
import { javaVersion, runResult } from "./run.js";

/**
 * The ladder of help, the learner's attempts, Run before Submit and editor drafts (issues 22 and 29).
 * Visitors carry their help state as a signed token (`h.payload.signature`) in the `x-trial-help`
 * header; the server issues a fresh one with each answer that changes it.
 */

/** The header a visitor's signed help state travels in. */
export const TRIAL_HELP_HEADER = "x-trial-help";
export const trialHelpHeaders = z.object({
  [TRIAL_HELP_HEADER]: z.string().max(2000, "must be at most 2000 characters").optional(),
});

/** A trial's help state, as the server decides it. */
export const trialHelp = z.object({
  hintCount: z.number().int().nonnegative(),
  /** The hints taken so far, in order. */
  hints: z.array(z.string()),
  /** "after-attempt": the next hint unlocks after another failed submission. */
  nextHint: z.enum(["available", "after-attempt", "none"]),
  failures: z.number().int().nonnegative(),
  /** Failed submissions that unlock the solution without confirming an early reveal. */
  solutionAfter: z.number().int().positive(),
  /** Revealed, or the trial passed: the reference can be read (compared). */
  solutionReadable: z.boolean(),
  solutionUnlocked: z.boolean(),
  revealed: z.boolean(),
  passed: z.boolean(),
  /** Passed after the reveal: a quarter of the xp, no achievement, not among the certificate's trials. */
  solvedWithHelp: z.boolean(),
  /** A visitor's new signed state, to send back in the x-trial-help header. */
  token: z.string().optional(),
});
export type TrialHelp = z.infer<typeof trialHelp>;

/** POST /api/exercises/{id}/solution: the reveal, which costs what the confirmation states. */
export const revealRequest = z.object({
  acceptCost: z.literal(true, { message: "must be true: revealing the solution costs most of the trial's xp" }),
  /** Revealing before SOLUTION_AFTER_FAILURES failed submissions needs this as well. */
  early: z.boolean().optional(),
});
export type RevealRequest = z.infer<typeof revealRequest>;

export const solutionResult = z.object({
  solution: z.string(),
  help: trialHelp,
  /** A project trial: every file of the reference (`solution` is its Main.java). */
  files: z.array(projectFile).optional(),
});
export type SolutionResult = z.infer<typeof solutionResult>;

/** POST /api/exercises/{id}/run: the learner's code on the first sample's input or their own. Not an attempt. */
export const trialRunRequest = z.object({
  code: z.string().min(1, "must not be empty").max(100_000, "must be at most 100000 characters"),
  /** Omitted: the first visible sample's input. */
  stdin: z.string().max(10_000, "must be at most 10000 characters").optional(),
  /** Java only; the course default (java17) when omitted, as for a submission. */
  version: javaVersion.optional(),
  /** A project trial: every editable file, as for a submission. */
  files: projectFilesBody.optional(),
});
export type TrialRunRequest = z.infer<typeof trialRunRequest>;
export const trialRunResult = runResult.extend({ usedSample: z.string().nullable() });
export type TrialRunResult = z.infer<typeof trialRunResult>;

/** One stored submission in "My attempts" (the code comes with the single attempt). */
export const attemptSummary = z.object({
  _id: z.string().uuid(),
  exerciseId: z.string(),
  language: z.string(),
  /** Java's release ("java17"); null for Python and JavaScript. */
  release: z.string().nullable(),
  passed: z.boolean(),
  /** Checks passed, of how many. */
  passedChecks: z.number().int().nonnegative(),
  totalChecks: z.number().int().nonnegative(),
  compileError: z.boolean(),
  createdAt: z.string(),
});
export type AttemptSummary = z.infer<typeof attemptSummary>;
export const attemptList = z.array(attemptSummary);

/** Each check's result as the learner saw it (never hidden data). */
export const attemptCheck = z.object({ name: z.string(), passed: z.boolean(), timedOut: z.boolean() });
export const attemptDetail = attemptSummary.extend({
  code: z.string(),
  /** A project trial: every file the learner sent (`code` is its Main.java). */
  files: z.array(trialFile).optional(),
  checks: z.array(attemptCheck),
});
export type AttemptDetail = z.infer<typeof attemptDetail>;
export const attemptIdParams = z.object({ attemptId: z.string().uuid("must be an attempt id") });

/**
 * Editor drafts: `trial:{exerciseId}` or `example:{materialId}:{hash of the example's code}`.
 * Last write wins by the browser's timestamp.
 */
export const draftKey = z
  .string()
  .max(200, "must be at most 200 characters")
  .regex(
    /^(trial:[a-z0-9]+(?:-{1,2}[a-z0-9]+)*|example:[a-z0-9]+(?:-{1,2}[a-z0-9]+)*:[a-z0-9]{1,16})$/,
    "must be trial:{exerciseId} or example:{materialId}:{hash}",
  );
export const draftParams = z.object({ key: draftKey });
export const DRAFT_MAX_CHARS = 100_000;
export const draftBody = z.object({
  code: z.string().max(DRAFT_MAX_CHARS, `must be at most ${DRAFT_MAX_CHARS} characters`),
  language: z.enum(["java", "python", "javascript", "sql", "html"]),
  /** When the browser saved it (ms since epoch). */
  updatedAt: z.number().int().nonnegative(),
});
export type DraftBody = z.infer<typeof draftBody>;
export const draft = draftBody.extend({ key: z.string() });
export type Draft = z.infer<typeof draft>;
/** GET answers null when there is no draft. */
export const draftOrNone = draft.nullable();
