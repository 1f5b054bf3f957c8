/**
 * The SQL pool keeps its prepared data directory in `templateDir` (DATA_DIR) so that a restart skips
 * initdb; a file there that is not a template this PGlite can load is made again, never a 503.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { testSqlTemplateDir } from "../../../test/harness.js";
import { createSqlPool, type SqlPool, sqlTemplateName } from "./pool.js";

const dirs: string[] = [];
const pools: SqlPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "koc-sql-template-"));
  dirs.push(dir);
  return dir;
};

const pool = (templateDir: string) => {
  const p = createSqlPool({ workers: 1, startMs: 300_000, templateDir });
  pools.push(p);
  return p;
};

/** One query on a fresh database of the pool: its rows, or what went wrong. */
async function answer(p: SqlPool): Promise<unknown> {
  const [outcome] = await p.run([
    {
      setup: "CREATE TABLE t (n int); INSERT INTO t VALUES (6), (7);",
      code: "SELECT n FROM t ORDER BY n",
      single: true,
    },
  ]);
  return outcome?.status === "ok" ? outcome.rows : outcome;
}

describe("the SQL engine's kept template", () => {
  it("is made on the first start, owner-only, in place of a cut-short copy and other versions' files, and loaded by the next", async () => {
    const dir = tempDir();
    const name = sqlTemplateName();
    expect(name).toMatch(/^sql-template-pglite-\d+\.\d+\.\d+.*\.tar\.gz$/);
    writeFileSync(join(dir, name), "cut short"); // a copy a full disk left behind
    writeFileSync(join(dir, "sql-template-pglite-0.0.1.tar.gz"), gzipSync("an old build's template"));
    writeFileSync(join(dir, `.${name}.dead01`), "a write the process died in");
    writeFileSync(join(dir, "jwt-secret"), "not ours to touch");

    expect(await answer(pool(dir))).toEqual([["6"], ["7"]]);
    const kept = join(dir, name);
    expect(readdirSync(dir).sort()).toEqual(["jwt-secret", name]);
    expect(statSync(kept).mode & 0o777).toBe(0o600);
    expect([...readFileSync(kept).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    const made = statSync(kept);

    // A restart: the kept file is loaded as it is, not made and written again.
    const restarted = pool(dir);
    expect(await answer(restarted)).toEqual([["6"], ["7"]]);
    const after = statSync(kept);
    expect([after.ino, after.mtimeMs]).toEqual([made.ino, made.mtimeMs]);
    // Its databases start with the pool's settings (SQL_START_SETTINGS), not PGlite's 128 MB.
    const [shown] = await restarted.run([{ setup: "", code: "SHOW shared_buffers", single: true }]);
    expect(shown).toMatchObject({ status: "ok", rows: [["16MB"]] });
  }, 300_000);

  it("makes a new one when the kept file is a gzip but no database, and the first job still runs", async () => {
    const dir = tempDir();
    const kept = join(dir, sqlTemplateName());
    const garbage = gzipSync(randomBytes(64 * 1024));
    writeFileSync(kept, garbage);

    expect(await answer(pool(dir))).toEqual([["6"], ["7"]]);
    // The one that loads took its place, for the next start.
    expect(readFileSync(kept).equals(garbage)).toBe(false);
    expect(await answer(pool(dir))).toEqual([["6"], ["7"]]);
  }, 300_000);

  it("runs when templateDir cannot be written (a read-only DATA_DIR), keeping nothing", async () => {
    const file = join(tempDir(), "a-file");
    writeFileSync(file, "");
    expect(await answer(pool(join(file, "data")))).toEqual([["6"], ["7"]]);
    expect(statSync(file).isFile()).toBe(true);
  }, 300_000);
});

describe("a worker's heap", () => {
  it("a result that overruns it ends that worker, not the server's process, and the next job runs", async () => {
    // Three values of 150 MB each: more than the worker's 256 MB heap can hold at once. As a worker
    // thread this took the whole process down ("Reached heap limit"); as a process, only itself.
    // The run's prepared template (global-setup.ts): what this test is about starts after initdb.
    const templateDir = testSqlTemplateDir() ?? tempDir();
    const p = createSqlPool({ workers: 1, startMs: 300_000, jobMs: 300_000, templateDir });
    pools.push(p);
    const [huge] = await p.run([
      { setup: "", code: "SELECT repeat('x', 150000000) AS v FROM generate_series(1, 3)", single: true },
    ]);
    expect(huge).toEqual({ status: "error", ms: 0, error: "The result was too large to hold.", truncated: true });
    expect(await answer(p)).toEqual([["6"], ["7"]]);
  }, 300_000);
});
