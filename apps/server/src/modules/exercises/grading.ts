import { randomBytes } from "node:crypto";
import {
  DEFAULT_JAVA_VERSION,
  type JavaVersion,
  outputMatches,
  type SubmissionCase,
  type SubmissionTest,
} from "@koc/shared";
import { assembleTests, parseHarnessOutput, stringLiterals, testCompileMessage } from "@koc/shared/unit-tests";
import type { CasesResult, CodeRunner, JavaProject, JobOwner } from "../../adapters/code-runner/types.js";
import type { exercises } from "../../db/schema.js";

type Row = typeof exercises.$inferSelect;

/** The Java a submission runs on: a trial that teaches Java 21 runs on 21, whatever the client asks. */
export function versionFor(row: Pick<Row, "release">, asked: JavaVersion | undefined): JavaVersion {
  if (row.release === 21) return "java21";
  return asked ?? DEFAULT_JAVA_VERSION;
}

/**
 * Each stdin/stdout case's verdict. A hidden case says only its name and how it ended; a sample
 * also shows expected, actual and stderr.
 */
export function gradeCases(row: Pick<Row, "cases">, outcome: CasesResult): SubmissionCase[] {
  return row.cases.map((c, i) => {
    const run = outcome.runs[i];
    const passed =
      run !== undefined && !run.timedOut && !run.truncated && run.exitCode === 0 && outputMatches(run.stdout, c.stdout);
    const timedOut = run?.timedOut === true;
    // Not run: an earlier case timed out, or the submission's wall-clock budget was spent.
    const notRun = run === undefined && outcome.compileError === undefined;
    const base = {
      name: c.name,
      passed,
      timedOut,
      status: passed ? "passed" : timedOut ? "timedOut" : "failed",
      ...(notRun ? { notRun } : {}),
    } as const;
    if (c.sample !== true) return base;
    return {
      ...base,
      expected: c.stdout,
      actual: run?.stdout ?? "",
      ...(run?.stderr ? { stderr: run.stderr } : {}),
    };
  });
}

const NOT_COMPILED = "Not run: your program does not compile.";

/**
 * Runs a unit-tested trial's hidden tests and answers every test by name, in the trial's order.
 * Nothing of the tests leaves this function but names, verdicts and author-written messages.
 */
export async function runHiddenTests(
  runner: CodeRunner,
  row: Pick<Row, "tests"> & { language: Exclude<Row["language"], "html"> },
  version: JavaVersion,
  code: string,
  owner?: JobOwner,
  project?: JavaProject,
): Promise<SubmissionTest[]> {
  const tests = row.tests;
  if (!tests || row.language === "sql") return [];
  const nonce = randomBytes(12).toString("hex");
  const outcome = await runner.runTests({
    language: row.language,
    version,
    code,
    tests: { code: tests.code, className: tests.className },
    nonce,
    project,
    ...(owner ? { owner } : {}),
  });
  if (outcome.compileError !== undefined) {
    return tests.names.map((name) => ({ name, status: "failed", message: NOT_COMPILED }));
  }
  if (outcome.testCompileError !== undefined) {
    const message = testCompileMessage(outcome.testCompileError);
    return tests.names.map((name, i) => ({
      name,
      status: "failed",
      message: i === 0 ? message : "Not run: the tests cannot call your code (see the first test).",
    }));
  }
  const run = outcome.run ?? { stdout: "", stderr: "", exitCode: null, timedOut: false, truncated: false };
  const report = parseHarnessOutput(run.stdout, nonce).suites.get(0);
  return assembleTests(row.language, tests.names, report, run, stringLiterals(tests.code));
}

/** The verdict of the tests when the cases already showed the program does not compile. */
export const testsNotRun = (row: Pick<Row, "tests">): SubmissionTest[] | undefined =>
  row.tests?.names.map((name) => ({ name, status: "failed", message: NOT_COMPILED }));
