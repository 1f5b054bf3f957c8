/**
 * Test harness: every test file gets its own fresh database on each engine it runs against.
 * PGlite (in memory) always; a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 * Each starts as a copy of a database migrated (and seeded) once per run by global-setup.ts:
 * PGlite from a dumped data directory, PostgreSQL from a template database
 * (docs/decisions/0025-test-database-snapshots.md).
 */
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { createLocalRunner, type LocalRunnerOptions } from "../src/adapters/code-runner/local.js";
import type { CodeRunner } from "../src/adapters/code-runner/types.js";
import { createSqlPool, SQL_START_SETTINGS } from "../src/adapters/sql-runner/pool.js";
import { buildApp } from "../src/app.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { seedCatalogue } from "../src/db/seed.js";
import { createPostgresDatabase, realCatalogue, type SnapshotKind, type Snapshots, snapshotBlob } from "./databases.js";

export { createPostgresDatabase, realCatalogue, type SnapshotKind, type Snapshots };

declare module "vitest" {
  export interface ProvidedContext {
    /** Provided by global-setup.ts. */
    testDatabaseSnapshots: Snapshots;
  }
}

export type Engine = "pglite" | "postgres";

/**
 * The sandbox uid base for a local runner in this test worker. Test files run side by side, and
 * runners that share uids share RLIMIT_NPROC and each other's leftover processes; each worker
 * (VITEST_POOL_ID 1..maxWorkers) takes eight uids of its own.
 */
export function testRunnerUidBase(): number {
  const pool = Number(process.env.VITEST_POOL_ID ?? 1);
  return 65534 - 8 * ((Number.isInteger(pool) && pool > 0 ? pool - 1 : 0) % 60);
}

/**
 * The real sandbox for a test file's runs (bubblewrap and the installed JDKs), on this worker's uids
 * unless the options name others. A start the kernel refuses for a moment on a busy machine (a
 * thread or a namespace) is tried twice more. A machine without a JDK or bubblewrap skips the
 * sandbox tests with the reason; CI never does: `npm test` installs both there
 * (scripts/prerequisites.mjs), so a runner that does not start fails the file instead of hiding it.
 */
export async function createTestRunner(
  label: string,
  options: LocalRunnerOptions,
): Promise<{ runner?: CodeRunner; reason?: string }> {
  let started: Awaited<ReturnType<typeof createLocalRunner>> = {};
  for (let attempt = 1; attempt <= 3; attempt++) {
    started = await createLocalRunner({ uidBase: testRunnerUidBase(), cacheDir: testJavacHelperDir(), ...options });
    if (started.runner || started.missing) break;
    if (attempt < 3) await new Promise((done) => setTimeout(done, 2_000 * attempt));
  }
  if (started.runner) return started;
  if (process.env.CI) throw new Error(`${label}: the sandbox did not start in CI: ${started.reason}`);
  console.warn(`${label} skipped: ${started.reason}`);
  return started;
}

export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase extends Database {
  dispose(): Promise<void>;
}

/** The global setup's snapshots, or none when a file runs outside the server project's config. */
function snapshots(): Snapshots | undefined {
  try {
    return inject("testDatabaseSnapshots");
  } catch {
    return undefined;
  }
}

/**
 * A test's database is small too, so it starts as the SQL trials' databases do (SQL_START_SETTINGS:
 * a 16 MB buffer cache) and loads in about two thirds of the CPU time. What a query answers is the
 * same.
 */
const TEST_PGLITE_START_PARAMS = [...PGlite.defaultStartParams, ...SQL_START_SETTINGS];

/** A fresh database, migrated; with `seeded`, also holding the real catalogue. */
export async function createTestDatabase(engine: Engine, options: { seeded?: boolean } = {}): Promise<TestDatabase> {
  const kind: SnapshotKind = options.seeded ? "seeded" : "migrated";
  const prepared = snapshots();
  if (engine === "pglite") {
    const dump = prepared?.pglite[kind];
    const pglite = dump
      ? await PGlite.create({
          loadDataDir: snapshotBlob(dump),
          startParams: TEST_PGLITE_START_PARAMS,
        })
      : undefined;
    const database = openDatabase(pglite ? { pglite } : {});
    if (!pglite) await database.migrate();
    if (!pglite && options.seeded) await seedCatalogue(database.db, realCatalogue());
    return { ...database, dispose: () => database.close().catch(() => undefined) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const template = prepared?.postgres?.[kind];
  const created = await createPostgresDatabase(adminUrl, "koc_test", template);
  // Dropping the database (with force) ends connections the pool is still closing: expected here.
  const database = openDatabase({ url: created.url, onIdleConnectionError: () => undefined });
  if (!template) await database.migrate();
  if (!template && options.seeded) await seedCatalogue(database.db, realCatalogue());
  return {
    ...database,
    dispose: async () => {
      await database.close().catch(() => undefined);
      await created.drop();
    },
  };
}

/** Where the run's local runners keep the compiler helper (global-setup.ts): compiled once per JDK, not per file. */
const testJavacHelperDir = (): string | undefined => process.env.KOC_TEST_JAVAC_HELPER_DIR;

/** The SQL engine's template made once for the run (global-setup.ts), for a test's own pool. */
export const testSqlTemplateDir = (): string | undefined => process.env.KOC_TEST_SQL_TEMPLATE_DIR;

export async function createTestApp(engine: Engine, options: { seed?: boolean; webDistDir?: string } = {}) {
  const database = await createTestDatabase(engine, { seeded: options.seed !== false });
  // SQL runs load the run's prepared template (global-setup.ts) instead of running initdb.
  const sqlPool = createSqlPool({ templateDir: testSqlTemplateDir() });
  const app = await buildApp({ database, sqlPool, ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}) });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await sqlPool.close();
      await database.dispose();
    },
  };
}
