import { PGlite, types } from "@electric-sql/pglite";
import { renderResultSet, type SqlResultSet } from "@koc/shared";

/**
 * The content checks' own PGlite, in this process: the same steps as the server's SQL worker
 * (apps/server/src/adapters/sql-runner/sql-worker.mjs) for each run: a fresh public schema, the
 * case's tables, the SQL (one statement, or a script and then the check), every value as
 * PostgreSQL's text. Decision 0030.
 */
const asText = Object.fromEntries(Object.keys(types.parsers ?? {}).map((oid) => [oid, (text: string) => text]));
const TEXT_ROWS = { rowMode: "array" as const, parsers: asText };

export interface SqlCheckRun {
  setup: string;
  code: string;
  check?: string | undefined;
  ordered: boolean;
}

/** The rendered result (as trials' cases hold it), or the error PostgreSQL gave. */
export type SqlCheckOutcome = { stdout: string } | { error: string };

type Results = { fields: { name: string }[]; rows: unknown[] }[];

/** The last statement's result that has columns (none: no columns, no rows). */
function lastResult(results: Results): SqlResultSet {
  const last = [...results].reverse().find((r) => r.fields.length > 0);
  const columns = last?.fields.map((f) => f.name) ?? [];
  const rows = (last?.rows ?? []).map((r) => (r as unknown[]).map((v) => (v == null ? null : String(v))));
  return { columns, rows };
}

const render = (results: Results, ordered: boolean): string => renderResultSet(lastResult(results), ordered);

export async function openSqlChecker() {
  const db = await PGlite.create();
  async function reset() {
    await db.exec("ROLLBACK");
    await db.exec("DISCARD ALL");
    const { rows } = await db.query<{ nspname: string }>(
      "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'",
    );
    for (const { nspname } of rows) await db.exec(`DROP SCHEMA "${nspname.replaceAll('"', '""')}" CASCADE`);
    await db.exec("CREATE SCHEMA public");
  }
  return {
    async run(run: SqlCheckRun): Promise<SqlCheckOutcome> {
      await reset();
      await db.exec(run.setup);
      try {
        if (run.check === undefined) {
          const res = await db.query(run.code, [], TEXT_ROWS);
          if (res.fields.length === 0) return { error: "the statement returned no columns" };
          return { stdout: render([res], run.ordered) };
        }
        await db.exec(run.code, TEXT_ROWS);
        await db.exec("ROLLBACK");
        return { stdout: render(await db.exec(run.check, TEXT_ROWS), run.ordered) };
      } catch (err) {
        return { error: err instanceof Error ? err.message : String(err) };
      }
    },
    /**
     * A lesson example (decision 0033): the lesson's tables, then the block as a script; the
     * last result that has columns, cells as PostgreSQL's text, as the server's worker answers it.
     */
    async example(setup: string, code: string): Promise<SqlResultSet | { error: string }> {
      await reset();
      if (setup) await db.exec(setup);
      try {
        return lastResult(await db.exec(code, TEXT_ROWS));
      } catch (err) {
        return { error: err instanceof Error ? err.message : String(err) };
      }
    },
    /** What the database holds now: each table's columns, constraints and rows, as one text. */
    async snapshot(): Promise<string> {
      const tables = await db.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
      );
      const parts: string[] = [];
      for (const { name } of tables.rows) {
        const cols = await db.query(
          `SELECT column_name, data_type, is_nullable, column_default, is_identity FROM information_schema.columns
           WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
          [name],
          TEXT_ROWS,
        );
        const cons = await db.query(
          "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = $1::regclass ORDER BY 1",
          [name],
          TEXT_ROWS,
        );
        const quoted = `"${name.replaceAll('"', '""')}"`;
        const rows = await db.query(`SELECT * FROM ${quoted} ORDER BY 1`, [], TEXT_ROWS);
        parts.push(JSON.stringify({ name, columns: cols.rows, constraints: cons.rows, rows: rows.rows }));
      }
      return parts.join("\n");
    },
    /** Runs statements as they are (making tables for a snapshot). */
    exec: (sql: string) => reset().then(() => db.exec(sql)),
    close: () => db.close(),
  };
}
