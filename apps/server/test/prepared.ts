/**
 * Databases for a server process that has started before: the run's migrated and seeded snapshots
 * (global-setup.ts) in place of the first start's initdb, migrations and seed (a fresh DATA_DIR took
 * 10.6 s to be ready here, a used one 4.6 s). For tests of what follows a start (a kill -9, a
 * restart); the first start itself is tested by shutdown.test.ts and two-instances.test.ts.
 */
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { createPostgresDatabase, snapshotBlob } from "./databases.js";

/** Puts the seeded PGlite snapshot where a server on `dataDir` keeps its database (DATA_DIR/pglite). */
export async function seededDataDir(dataDir: string): Promise<void> {
  const dump = inject("testDatabaseSnapshots").pglite.seeded;
  const pglite = await PGlite.create({ dataDir: join(dataDir, "pglite"), loadDataDir: snapshotBlob(dump) });
  await pglite.close();
}

/** A new PostgreSQL database copied from the seeded template; drop() removes it. */
export function createSeededPostgresDatabase(adminUrl: string) {
  const template = inject("testDatabaseSnapshots").postgres?.seeded;
  if (!template) throw new Error("the global setup made no PostgreSQL templates (TEST_DATABASE_URL?)");
  return createPostgresDatabase(adminUrl, "koc_proc", template);
}
