/**
 * Every ```sql block of every SQL lesson run for real on PGlite, as the lesson page's Run button
 * runs it (decision 0033): on the lesson's tables, succeeding (or failing, where marked ```sql
 * error); a ```sql setup block on an empty database, where it must make exactly those tables. The
 * psql output a lesson shows after a block (```text) must be what PostgreSQL really answers: the
 * last table in it, cell by cell, and its row count; an ERROR line, the error PostgreSQL gives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlExamples } from "./examples.js";
import { openSqlChecker } from "./sql-runs.js";
import { testCatalogue } from "./test-catalogue.js";

const catalogue = testCatalogue();
const lessons = catalogue.courses.flatMap((c) => c.lessons.filter((l) => l.sqlSetup !== undefined));

let checker: Awaited<ReturnType<typeof openSqlChecker>>;
beforeAll(async () => {
  checker = await openSqlChecker();
}, 600_000);
afterAll(() => checker?.close());

interface ShownTable {
  columns: string[];
  rows: string[][];
  /** The "(N rows)" line. */
  count: number | undefined;
}

const cells = (line: string) => line.split("|").map((c) => c.trim());

/**
 * The last table psql printed in a ```text block (a header, a ----+---- rule, rows, "(N rows)"),
 * or undefined when it shows none (only command tags such as CREATE TABLE).
 */
export function lastShownTable(text: string): ShownTable | undefined {
  const lines = text.split("\n");
  const rule = lines.findLastIndex((l) => /^-+(\+-+)*$/.test(l.trim()));
  if (rule < 1) return undefined;
  const rows: string[][] = [];
  let count: number | undefined;
  for (const line of lines.slice(rule + 1)) {
    const end = /^\((\d+) rows?\)$/.exec(line.trim());
    if (end) {
      count = Number(end[1]);
      break;
    }
    rows.push(cells(line));
  }
  return { columns: cells(lines[rule - 1] ?? ""), rows, count };
}

/** The first error psql printed ("ERROR:  message"), without its prefix. */
const shownError = (text: string) => /^ERROR:\s+(.*)$/m.exec(text)?.[1]?.trim();

describe("the lesson tables", () => {
  it("every lesson of the SQL course names its tables", () => {
    const course = catalogue.courses.find((c) => c.id === "sql-databases");
    expect(course?.lessons.filter((l) => !l.tables).map((l) => l.id)).toEqual([]);
  });

  it.each(lessons.map((l) => [l.id, l] as const))("%s: its tables load", async (_id, lesson) => {
    await expect(checker.exec(lesson.sqlSetup ?? "")).resolves.toBeDefined();
  });
});

const cases = lessons.flatMap((l) =>
  sqlExamples(l.content).map((e) => [`${l.id} line ${e.line + (l.bodyLine ?? 1) - 1} (${e.kind})`, l, e] as const),
);

describe("SQL lesson examples", () => {
  it("the SQL lessons have their examples", () => {
    expect(cases.length).toBeGreaterThanOrEqual(31);
  });

  it.each(cases)(
    "%s",
    async (_name, lesson, example) => {
      const setup = lesson.sqlSetup ?? "";
      if (example.kind === "setup") {
        // The block a reader could run elsewhere makes exactly the tables the examples run on.
        await checker.exec(example.code);
        const made = await checker.snapshot();
        await checker.exec(setup);
        expect(made).toBe(await checker.snapshot());
      }
      const got = await checker.example(example.kind === "setup" ? "" : setup, example.code);
      if (example.kind === "error") {
        expect(got, "a ```sql error block must fail").toHaveProperty("error");
        const shown = example.shown === undefined ? undefined : shownError(example.shown);
        if (shown !== undefined && "error" in got) expect(got.error).toBe(shown);
        return;
      }
      if ("error" in got) throw new Error(`the example fails: ${got.error}`);
      if (example.shown === undefined) return;
      const table = lastShownTable(example.shown);
      if (!table) {
        expect(got.columns, "the output shows no table, yet the last statement returns rows").toEqual([]);
        return;
      }
      expect(got.columns).toEqual(table.columns);
      expect(got.rows.map((r) => r.map((v) => (v ?? "").trim()))).toEqual(table.rows);
      expect(table.count, "the output ends with psql's (N rows) line").toBe(got.rows.length);
    },
    120_000,
  );
});
