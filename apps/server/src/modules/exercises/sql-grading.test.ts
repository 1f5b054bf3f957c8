import { renderResultSet } from "@koc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSqlTemplateDir } from "../../../test/harness.js";
import { createSqlPool, type SqlPool } from "../../adapters/sql-runner/pool.js";
import { runSqlCases } from "../../adapters/sql-runner/with-sql.js";
import { gradeCases } from "./grading.js";

const SAMPLE = `CREATE TABLE soldiers (id int PRIMARY KEY, name text NOT NULL, regiment text, pay numeric(8,2));
INSERT INTO soldiers VALUES (1, 'Kattappa', 'Guard', 900.00), (2, 'Bhalla', 'Lions', 750.50), (3, 'Kumara', 'Guard', 120.00);`;
const HIDDEN = `CREATE TABLE soldiers (id int PRIMARY KEY, name text NOT NULL, regiment text, pay numeric(8,2));
INSERT INTO soldiers VALUES (7, 'Devasena', 'Archers', 800.00), (8, 'Sivagami', 'Guard', 999.99);`;

const result = (columns: string[], rows: (string | null)[][], ordered: boolean) =>
  renderResultSet({ columns, rows }, ordered);

/** A trial as the server stores it: the expected text is the reference's result, rendered. */
function trial(ordered: boolean) {
  const guard = ordered
    ? [
        result(
          ["name", "pay"],
          [
            ["Kattappa", "900.00"],
            ["Kumara", "120.00"],
          ],
          true,
        ),
        result(["name", "pay"], [["Sivagami", "999.99"]], true),
      ]
    : [
        result(
          ["name", "pay"],
          [
            ["Kattappa", "900.00"],
            ["Kumara", "120.00"],
          ],
          false,
        ),
        result(["name", "pay"], [["Sivagami", "999.99"]], false),
      ];
  return {
    sql: { ordered },
    cases: [
      { name: "The sample tables", sample: true, stdin: SAMPLE, stdout: guard[0] as string },
      { name: "Another muster roll", stdin: HIDDEN, stdout: guard[1] as string },
    ],
  };
}

let pool: SqlPool;
beforeAll(() => {
  pool = createSqlPool({ workers: 1, jobMs: 6_000, startMs: 300_000, templateDir: testSqlTemplateDir() });
  return pool.warm();
}, 400_000);
afterAll(() => pool.close());

async function grade(code: string, ordered = false) {
  const row = trial(ordered);
  const outcome = await runSqlCases(pool, {
    language: "sql",
    version: "java17",
    code,
    stdins: row.cases.map((c) => c.stdin),
    sql: row.sql,
  });
  return { outcome, cases: gradeCases(row, outcome) };
}

describe("SQL grading on a throw-away PGlite", () => {
  it("passes the right query on the sample and the hidden dataset, rows in any order", async () => {
    const { cases } = await grade("SELECT name, pay FROM soldiers WHERE regiment = 'Guard'");
    expect(cases.map((c) => c.passed)).toEqual([true, true]);
    const reversed = await grade("SELECT name, pay FROM soldiers WHERE regiment = 'Guard' ORDER BY name DESC");
    expect(reversed.cases.every((c) => c.passed)).toBe(true);
  }, 300_000);

  it("fails rows in the wrong order when the task asks for ORDER BY", async () => {
    const right = await grade("SELECT name, pay FROM soldiers WHERE regiment = 'Guard' ORDER BY pay DESC", true);
    expect(right.cases.every((c) => c.passed)).toBe(true);
    const wrong = await grade("SELECT name, pay FROM soldiers WHERE regiment = 'Guard' ORDER BY pay", true);
    expect(wrong.cases[0]?.passed).toBe(false);
  }, 300_000);

  it("fails an extra column, and a column under another name", async () => {
    const extra = await grade("SELECT name, pay, regiment FROM soldiers WHERE regiment = 'Guard'");
    expect(extra.cases.map((c) => c.passed)).toEqual([false, false]);
    const renamed = await grade("SELECT name AS soldier, pay FROM soldiers WHERE regiment = 'Guard'");
    expect(renamed.cases[0]?.passed).toBe(false);
  }, 300_000);

  it("fails a query that hard-codes the sample's answer on the hidden dataset", async () => {
    const { cases } = await grade("SELECT name, pay FROM soldiers WHERE id IN (1, 3)");
    expect(cases.map((c) => c.passed)).toEqual([true, false]);
    // The hidden case says only that it failed: no expected or actual rows leave the server.
    expect(cases[1]).not.toHaveProperty("expected");
    expect(cases[1]).not.toHaveProperty("actual");
  }, 300_000);

  it("stops a query at the wall clock and runs the next job on a fresh worker", async () => {
    const slow = await grade("SELECT name, pay FROM soldiers WHERE pg_sleep(60) IS NOT NULL");
    expect(slow.cases[0]?.timedOut).toBe(true);
    expect(slow.cases[1]?.notRun).toBe(true);
    const after = await grade("SELECT name, pay FROM soldiers WHERE regiment = 'Guard'");
    expect(after.cases.every((c) => c.passed)).toBe(true);
  }, 300_000);

  it("stops an endless query, whichever limit it meets first, and the next job runs", async () => {
    // Its rows pile up in the worker: on a fast machine the heap runs out before the wall clock
    // (the run is then too large), on a slow one the clock ends it. Either way it is stopped.
    const endless = await grade(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT name, pay FROM soldiers, n",
    );
    const first = endless.cases[0];
    expect(first?.passed).toBe(false);
    expect(first?.timedOut === true || endless.outcome.runs[0]?.truncated === true).toBe(true);
    expect(endless.cases[1]?.notRun).toBe(true);
    const after = await grade("SELECT name, pay FROM soldiers WHERE regiment = 'Guard'");
    expect(after.cases.every((c) => c.passed)).toBe(true);
  }, 300_000);

  it("refuses several statements, and a DROP changes nothing for the next run", async () => {
    const several = await grade("SELECT name, pay FROM soldiers WHERE regiment = 'Guard'; DROP TABLE soldiers");
    expect(several.cases[0]?.passed).toBe(false);
    expect(several.outcome.runs[0]?.stderr).toMatch(/one statement only/);
    const drop = await grade("DROP TABLE soldiers");
    expect(drop.cases[0]?.passed).toBe(false);
    expect(drop.outcome.runs[0]?.stderr).toMatch(/SELECT/);
    const after = await grade("SELECT name, pay FROM soldiers WHERE regiment = 'Guard'");
    expect(after.cases.every((c) => c.passed)).toBe(true);
  }, 300_000);

  it("grades a script that changes data by its check query, and a huge result as too large", async () => {
    const outcomes = await pool.run([
      {
        setup: SAMPLE,
        code: "BEGIN; UPDATE soldiers SET pay = pay + 100 WHERE regiment = 'Guard'; COMMIT;",
        single: false,
        check: "SELECT name, pay FROM soldiers ORDER BY id",
      },
      { setup: SAMPLE, code: "SELECT count(*) FROM soldiers", single: true },
      { setup: "", code: "SELECT g FROM generate_series(1, 2000) g", single: true },
    ]);
    expect(outcomes[0]).toMatchObject({
      status: "ok",
      rows: [
        ["Kattappa", "1000.00"],
        ["Bhalla", "750.50"],
        ["Kumara", "220.00"],
      ],
    });
    // The committed update did not outlive its run: the next one starts from the tables again.
    expect(outcomes[1]).toMatchObject({ status: "ok", columns: ["count"], rows: [["3"]] });
    expect(outcomes[2]).toMatchObject({ status: "error", truncated: true });
  }, 300_000);
});
