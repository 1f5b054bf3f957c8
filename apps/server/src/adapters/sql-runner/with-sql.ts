import { renderResultSet } from "@koc/shared";
import { UnsupportedError } from "../../errors.js";
import type { CaseRun, CasesJob, CasesResult, CodeRunner } from "../code-runner/types.js";
import type { SqlPool, SqlRunOutcome } from "./pool.js";

/** A case's run as the graders read any language's: the result table on stdout, errors on stderr. */
export function caseRunOf(outcome: SqlRunOutcome, ordered: boolean): CaseRun | undefined {
  const base = { stdout: "", stderr: "", exitCode: 1, timedOut: false, truncated: false };
  switch (outcome.status) {
    case "ok":
      return { ...base, exitCode: 0, stdout: renderResultSet(outcome, ordered) };
    case "error":
      return { ...base, stderr: outcome.error, truncated: outcome.truncated === true };
    case "setupError":
      return { ...base, stderr: `This trial's tables did not load (${outcome.error}). Please tell us.` };
    case "timedOut":
      return { ...base, exitCode: null, timedOut: true, stderr: "Stopped: the query ran past its time limit." };
    case "notRun":
      return undefined;
  }
}

/** Every case's tables, then the learner's SQL, each on a fresh schema of one throw-away database. */
export async function runSqlCases(pool: SqlPool, job: CasesJob): Promise<CasesResult> {
  const check = job.sql?.check;
  const ordered = job.sql?.ordered ?? true;
  const outcomes = await pool.run(
    job.stdins.map((setup) => ({ setup, code: job.code, single: check === undefined, check })),
    job.owner,
  );
  const runs: CaseRun[] = [];
  for (const o of outcomes) {
    const run = caseRunOf(o, ordered);
    if (!run) break;
    runs.push(run);
    if (run.timedOut) break;
  }
  return { runs };
}

/**
 * The configured runner, with SQL trials' cases sent to the PGlite pool instead (whatever runs
 * Java, even "off": SQL needs no sandbox of the operating system, decision 0030).
 */
export function withSql(runner: CodeRunner, pool: SqlPool): CodeRunner {
  return {
    get engine() {
      return runner.engine;
    },
    status: () => runner.status(),
    run: (job) => runner.run(job),
    runCases: (job) => (job.language === "sql" ? runSqlCases(pool, job) : runner.runCases(job)),
    runTests: (job) =>
      job.language === "sql"
        ? Promise.reject(new UnsupportedError("SQL trials have no unit tests."))
        : runner.runTests(job),
    close: async () => {
      await Promise.all([runner.close(), pool.close()]);
    },
  };
}
