/**
 * Every SQL trial run for real on PGlite (decision 0030): the reference gives each case's expected
 * result exactly (so the sample's shown result is right), the starter runs and fails at least one
 * case, and a ## Wrong query fails the case its front matter names.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExerciseEntry } from "./schema.js";
import { openSqlChecker } from "./sql-runs.js";
import { testCatalogue } from "./test-catalogue.js";

const catalogue = testCatalogue();
const trials = catalogue.courses.flatMap((c) => (c.exercises ?? []).filter((e) => e.language === "sql"));

let checker: Awaited<ReturnType<typeof openSqlChecker>>;
beforeAll(async () => {
  checker = await openSqlChecker();
}, 600_000);
afterAll(() => checker?.close());

async function outcomes(trial: ExerciseEntry, code: string) {
  const out = [];
  for (const c of trial.cases) {
    out.push(await checker.run({ setup: c.stdin, code, check: trial.sql?.check, ordered: trial.sql?.ordered ?? true }));
  }
  return out;
}

describe("SQL trials", () => {
  it("the SQL course has a trial for every lesson", () => {
    const course = catalogue.courses.find((c) => c.id === "sql-databases");
    const lessons = new Set(trials.map((t) => t.materialId));
    expect(lessons.size).toBe(course?.lessons.length);
  });

  describe.each(trials.map((t) => [t.id, t] as const))("%s", (_id, trial) => {
    it("the reference gives every case's expected result", async () => {
      const got = await outcomes(trial, trial.solution);
      got.forEach((o, i) => {
        expect(o, trial.cases[i]?.name).toEqual({ stdout: trial.cases[i]?.stdout });
      });
    }, 120_000);

    it("the starter runs and fails at least one case", async () => {
      const got = await outcomes(trial, trial.starter);
      // A script starter must run; a query starter must be a query (it may still be wrong).
      expect(got.some((o, i) => !("stdout" in o) || o.stdout !== trial.cases[i]?.stdout)).toBe(true);
      if (!trial.sql?.check) expect(got.every((o) => "stdout" in o)).toBe(true);
    }, 120_000);

    it.runIf(trial.wrong)(
      "the wrong solution fails the case it names",
      async () => {
        const wrong = trial.wrong as { code: string; fails: string };
        const got = await outcomes(trial, wrong.code);
        const i = trial.cases.findIndex((c) => c.name === wrong.fails);
        expect(got[i]).not.toEqual({ stdout: trial.cases[i]?.stdout });
      },
      120_000,
    );
  });
});
