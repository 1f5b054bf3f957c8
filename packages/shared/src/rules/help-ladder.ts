import { XP_PER_TRIAL } from "../contracts/exercises.js";

/**
 * The ladder of help on a trial: hints one at a time, then the reference solution.
 * Pure rules, computed by the server from what it recorded (or from a visitor's signed state).
 */

/** Failed submissions after which the reference solution may be revealed without an early confirmation. */
export const SOLUTION_AFTER_FAILURES = 3;

/** A trial solved after its solution was revealed earns a quarter of the xp (rounded down: xp are whole). */
export const XP_PER_TRIAL_WITH_HELP = Math.floor(XP_PER_TRIAL / 4);

export interface HelpRecord {
  /** Hints the trial has. */
  hintCount: number;
  /** Hints already taken (the first `hintsTaken` hints are shown). */
  hintsTaken: number;
  /** Failed submissions so far. */
  failures: number;
  /** `failures` when the last hint was taken: the next hint needs another attempt after it. */
  failuresAtLastHint: number;
  revealed: boolean;
  passed: boolean;
}

export type NextHint = "available" | "after-attempt" | "none";

/**
 * The next hint: the first on request (or after a failed submission), each further one only after
 * another failed attempt since the last hint was taken.
 */
export function nextHint(r: HelpRecord): NextHint {
  if (r.hintsTaken >= r.hintCount) return "none";
  if (r.hintsTaken === 0 || r.failures > r.failuresAtLastHint) return "available";
  return "after-attempt";
}

/** Whether the solution may be revealed without confirming an early reveal. */
export const solutionUnlocked = (r: HelpRecord): boolean =>
  r.revealed || r.passed || r.failures >= SOLUTION_AFTER_FAILURES;

/** Whether the learner may read the reference solution now (revealed, or compared after a pass). */
export const solutionReadable = (r: HelpRecord): boolean => r.revealed || r.passed;
