/**
 * Vitest global setup of the server project: migrates (and seeds) one database per engine once per
 * run, so each test file starts from a copy instead of migrating its own (docs/decisions/0025-test-database-snapshots.md).
 * PGlite: the data directory is dumped to a tar file the test files load. PostgreSQL: template
 * databases each test file's database is created from.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createSqlPool } from "../src/adapters/sql-runner/pool.js";
import { openDatabase } from "../src/db/client.js";
import { seedCatalogue } from "../src/db/seed.js";
import { createPostgresDatabase, realCatalogue, type SnapshotKind, type Snapshots } from "./databases.js";

async function pgliteSnapshots(dir: string): Promise<Snapshots["pglite"]> {
  const pglite = new PGlite();
  const database = openDatabase({ pglite });
  try {
    await database.migrate();
    const dump = async (kind: SnapshotKind) => {
      const file = join(dir, `${kind}.tar`);
      const blob = await pglite.dumpDataDir("none");
      writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
      return file;
    };
    const migrated = await dump("migrated");
    await seedCatalogue(database.db, realCatalogue());
    const seeded = await dump("seeded");
    return { migrated, seeded };
  } finally {
    await database.close();
  }
}

/**
 * The SQL engine's prepared data directory, made once: the SQL test files' pools and the server
 * processes tests start (process.ts copies it into their DATA_DIR) load it instead of each running
 * initdb, as a restarted server does.
 */
async function sqlTemplate(dir: string): Promise<void> {
  const pool = createSqlPool({ workers: 1, templateDir: dir });
  try {
    await pool.warm();
  } finally {
    await pool.close();
  }
  process.env.KOC_TEST_SQL_TEMPLATE_DIR = dir;
}

/** Two template databases: migrated, and a copy of it holding the real catalogue too. */
async function postgresTemplates(adminUrl: string): Promise<Snapshots["postgres"]> {
  const migrated = await createPostgresDatabase(adminUrl, "koc_template_migrated");
  const schema = openDatabase({ url: migrated.url });
  try {
    await schema.migrate();
  } finally {
    await schema.close();
  }
  const seeded = await createPostgresDatabase(adminUrl, "koc_template_seeded", migrated.name);
  const catalogue = openDatabase({ url: seeded.url });
  try {
    await seedCatalogue(catalogue.db, realCatalogue());
  } finally {
    await catalogue.close();
  }
  return { migrated: migrated.name, seeded: seeded.name };
}

async function dropDatabases(adminUrl: string, names: string[]) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "koc-test-db-"));
  // The catalogue is read from content/ once: test files (realCatalogue) and the server processes
  // tests start (CATALOGUE_FILE, inherited with the environment) parse this JSON instead of the
  // Markdown, which takes seconds each time. content's own tests validate the Markdown. The content
  // project's global setup shares the file through KOC_TEST_CATALOGUE_JSON: whichever runs first
  // writes it (content/src/test-catalogue-setup.ts).
  const shared = process.env.KOC_TEST_CATALOGUE_JSON;
  const catalogueFile = shared && existsSync(shared) ? shared : join(dir, "catalogue.json");
  if (catalogueFile !== shared) {
    writeFileSync(catalogueFile, JSON.stringify(realCatalogue()));
    process.env.KOC_TEST_CATALOGUE_JSON = catalogueFile;
  }
  process.env.CATALOGUE_FILE = catalogueFile;
  // The local runners' compiler helper, built by the first runner of the run and kept for the rest.
  process.env.KOC_TEST_JAVAC_HELPER_DIR = join(dir, "javac-helper");
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [pglite, postgres] = await Promise.all([
    pgliteSnapshots(dir),
    adminUrl ? postgresTemplates(adminUrl) : Promise.resolve(undefined),
    sqlTemplate(dir),
  ]);
  project.provide("testDatabaseSnapshots", { pglite, ...(postgres ? { postgres } : {}) });
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && postgres) await dropDatabases(adminUrl, [postgres.migrated, postgres.seeded]);
  };
}
