/**
 * How an SQL trial's result set is written down: the same text on the server (grading), in the
 * content checks (the expected result of each dataset) and on the trial page (the sample's
 * expected result). Values are PostgreSQL's own text for them (`1.50`, `2024-01-02`, `t`), NULL
 * is written NULL, and a result whose order the task does not ask for is sorted, so two results
 * are equal exactly when they have the same columns (names, in order) and the same rows as a
 * multiset. Decision 0030.
 */

/** Rows a graded query may return; more fails the case as too large. */
export const SQL_MAX_ROWS = 500;
/** Characters of all cells together a graded query may return. */
export const SQL_MAX_CHARS = 64 * 1024;

export interface SqlResultSet {
  columns: string[];
  /** Each cell as PostgreSQL prints it, or null. */
  rows: (string | null)[][];
}

const cell = (v: string | null) => (v === null ? "NULL" : v.replace(/\r?\n/g, "\\n"));

/** Rows sorted by their cells (for a result whose order does not count). */
export function sortedRows(rows: (string | null)[][]): (string | null)[][] {
  const key = (r: (string | null)[]) => JSON.stringify(r);
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * A psql-like table: a header of the column names, a rule, one line per row, then "(N rows)".
 * `ordered: false` sorts the rows first.
 */
export function renderResultSet(result: SqlResultSet, ordered: boolean): string {
  const rows = (ordered ? result.rows : sortedRows(result.rows)).map((r) => r.map(cell));
  const widths = result.columns.map((c, i) => Math.max(c.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => ` ${c.padEnd(widths[i] ?? 0)} `)
      .join("|")
      .trimEnd();
  const out = [line(result.columns), widths.map((w) => "-".repeat(w + 2)).join("+")];
  for (const r of rows) out.push(line(r));
  out.push(`(${rows.length} ${rows.length === 1 ? "row" : "rows"})`);
  return `${out.join("\n")}\n`;
}

/**
 * Whether the task's reference asks for an order: an ORDER BY outside parentheses (an ORDER BY
 * inside a subquery or a window does not order the result). Comments and string literals are
 * ignored.
 */
export function referenceIsOrdered(sql: string): boolean {
  const bare = sql
    .replace(/--[^\n]*/g, " ")
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/'(?:[^']|'')*'/g, "''");
  let depth = 0;
  let top = "";
  for (const ch of bare) {
    if (ch === "(") depth += 1;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0) top += ch;
  }
  return /\border\s+by\b/i.test(top);
}
