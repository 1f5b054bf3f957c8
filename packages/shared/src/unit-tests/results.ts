import type { SubmissionTest } from "../contracts/exercises.js";
import { TEST_TIMEOUT_SECONDS } from "./harness.js";
import type { TestLanguage } from "./names.js";

/** What the harness said about one test. */
export interface RawTestResult {
  status: "passed" | "failed" | "timedOut";
  errorClass?: string;
  message?: string;
}

/** One suite's lines of harness output. */
export interface SuiteReport {
  results: Map<string, RawTestResult>;
  /** The last test that started and never ended (the one running when the run stopped). */
  running?: string;
  /** The tests could not be loaded at all (class missing, import failed, set-up threw). */
  loadError?: { errorClass: string; message: string };
}

const unb64 = (s: string | undefined) => Buffer.from(s ?? "", "base64").toString("utf8");

/** Reads the harness's lines (only those carrying the run's nonce) into one report per suite. */
export function parseHarnessOutput(stdout: string, nonce: string): { suites: Map<number, SuiteReport>; done: boolean } {
  const suites = new Map<number, SuiteReport>();
  let done = false;
  for (const line of stdout.split("\n")) {
    const parts = line.trim().split(" ");
    if (parts[0] !== nonce) continue;
    if (parts[1] === "DONE") {
      done = true;
      continue;
    }
    const index = Number(parts[1]);
    if (!Number.isInteger(index)) continue;
    const suite: SuiteReport = suites.get(index) ?? { results: new Map() };
    suites.set(index, suite);
    const [, , kind, a, b, c] = parts;
    if (kind === "START") suite.running = unb64(a);
    else if (kind === "LOAD") suite.loadError ??= { errorClass: unb64(a), message: unb64(b) };
    else if (kind === "PASS" || kind === "FAIL" || kind === "TIMEOUT") {
      const name = unb64(a);
      if (suite.running === name) suite.running = undefined;
      if (suite.results.has(name)) continue;
      suite.results.set(
        name,
        kind === "PASS"
          ? { status: "passed" }
          : kind === "TIMEOUT"
            ? { status: "timedOut" }
            : { status: "failed", errorClass: unb64(b), message: unb64(c) },
      );
    }
  }
  return { suites, done };
}

const ASSERTION_CLASSES = new Set([
  "org.opentest4j.AssertionFailedError",
  "org.opentest4j.MultipleFailuresError",
  "java.lang.AssertionError",
  "AssertionError",
]);

export const TIMED_OUT_MESSAGE = `Took longer than ${TEST_TIMEOUT_SECONDS} s: an endless loop, or a very slow one?`;
export const HIDDEN_ASSERTION_MESSAGE = "The check failed (its details are hidden: they would show the test's data).";

/** The part of an assertion's message its author wrote (JUnit appends " ==> expected: <..>"). */
function authorPart(language: TestLanguage, message: string): string {
  if (language === "java") return (message.split(" ==> ")[0] ?? "").trim();
  if (language === "javascript") return (message.split("\n\n")[0] ?? "").trim();
  return message.trim();
}

/**
 * What a learner may read about a failed hidden test: an assertion's message only when it is one of
 * the string literals the test's author wrote (never JUnit's "expected: <..> but was: <..>", nor
 * anything the learner's own code could put there); for any other exception, only its class.
 */
export function publicMessage(
  language: TestLanguage,
  result: RawTestResult,
  authorLiterals: Set<string>,
): string | undefined {
  if (result.status === "passed") return undefined;
  if (result.status === "timedOut") return TIMED_OUT_MESSAGE;
  const cls = result.errorClass ?? "";
  if (ASSERTION_CLASSES.has(cls)) {
    const own = authorPart(language, result.message ?? "");
    return own && authorLiterals.has(own) ? own : HIDDEN_ASSERTION_MESSAGE;
  }
  if (cls === "skipped") return "This test was skipped.";
  return /^[A-Za-z_$][\w$.]{0,150}$/.test(cls)
    ? `Your code threw ${cls} during this test.`
    : "Your code failed during this test.";
}

/** How the run that carried the suite ended (from the sandbox). */
export interface RunEnd {
  timedOut: boolean;
  truncated: boolean;
  exitCode: number | null;
}

/** The message for a test whose run never reported it. */
function notReported(end: RunEnd, wasRunning: boolean): { status: "failed" | "timedOut"; message: string } {
  if (end.timedOut) {
    return wasRunning
      ? { status: "timedOut", message: "The run's time ran out during this test: an endless loop, or a very slow one?" }
      : { status: "timedOut", message: "Not run: the time ran out before this test's turn." };
  }
  if (end.truncated)
    return { status: "failed", message: "Not finished: your code printed too much, so the run was stopped." };
  return {
    status: "failed",
    message: wasRunning
      ? `The run stopped during this test (exit code ${end.exitCode ?? "none"}); does your code call System.exit or run out of memory?`
      : "Not run: the run stopped before this test's turn.",
  };
}

const loadMessage = (language: TestLanguage, load: { errorClass: string; message: string }) => {
  // Python's "cannot import name 'x' from 'main'" names only what the task asks for.
  const imported = /^cannot import name '(\w+)' from 'main'/.exec(load.message);
  if (imported)
    return `The tests cannot find ${imported[1]} in your program: is it defined at the top level with that name?`;
  const cls = /^[A-Za-z_$][\w$.]{0,150}$/.test(load.errorClass) ? load.errorClass : "an error";
  return language === "python"
    ? `The tests could not load your program (${cls}). Keep reading input and printing inside if __name__ == "__main__":.`
    : `The tests could not start with your code (${cls}).`;
};

/** Every test of the trial, in its order, from one suite's report and how the run ended. */
export function assembleTests(
  language: TestLanguage,
  names: string[],
  report: SuiteReport | undefined,
  end: RunEnd,
  authorLiterals: Set<string>,
): SubmissionTest[] {
  return names.map((name) => {
    const raw = report?.results.get(name);
    if (raw) {
      const message = publicMessage(language, raw, authorLiterals);
      return { name, status: raw.status, ...(message ? { message } : {}) };
    }
    if (report?.loadError) return { name, status: "failed", message: loadMessage(language, report.loadError) };
    return { name, ...notReported(end, report?.running === name) };
  });
}

/**
 * A compile error of the hidden tests against the learner's classes, without the test's code:
 * only javac's "error:" lines and its symbol / location notes, no file names or source lines.
 */
export function testCompileMessage(diagnostics: string): string {
  const kept = diagnostics
    .split("\n")
    .flatMap((line) => {
      const error = /error:\s*(.*)$/.exec(line);
      if (error) return [`- ${error[1]}`];
      const note = /^\s*(symbol|location|required|found):\s*(.*)$/.exec(line);
      return note ? [`  ${note[1]}: ${note[2]}`] : [];
    })
    .slice(0, 20);
  return ["Your code compiles, but the hidden tests cannot call it as the task describes:", ...new Set(kept)].join(
    "\n",
  );
}
