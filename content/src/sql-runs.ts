import { PGlite, types } from "@electric-sql/pglite";
import { renderResultSet } from "@koc/shared";

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

function render(results: Results, ordered: boolean): string {
  const last = [...results].reverse().find((r) => r.fields.length > 0);
  const columns = last?.fields.map((f) => f.name) ?? [];
  const rows = (last?.rows ?? []).map((r) => (r as unknown[]).map((v) => (v == null ? null : String(v))));
  return renderResultSet({ columns, rows }, ordered);
}

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
    /** A lesson example: the script's last result that has columns, rows as returned. */
    async example(code: string): Promise<SqlCheckOutcome> {
      await reset();
      try {
        return { stdout: render(await db.exec(code, TEXT_ROWS), true) };
      } catch (err) {
        return { error: err instanceof Error ? err.message : String(err) };
      }
    },
    close: () => db.close(),
  };
}
