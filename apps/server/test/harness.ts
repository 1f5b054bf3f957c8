/**
 * Test harness: every test file gets its own fresh database on each engine it runs against.
 * PGlite (in memory) always; a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */
import { randomBytes } from "node:crypto";
import { loadCatalogue } from "@koc/content";
import pg from "pg";
import { buildApp } from "../src/app.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { seedCatalogue } from "../src/db/seed.js";
import { contentCoursesDir } from "../src/paths.js";

export type Engine = "pglite" | "postgres";

export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase extends Database {
  dispose(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === "pglite") {
    const database = openDatabase({});
    await database.migrate();
    return { ...database, dispose: () => database.close().catch(() => undefined) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `koc_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  // Dropping the database (with force) ends connections the pool is still closing: expected here.
  const database = openDatabase({ url: withDatabase(adminUrl, name), onIdleConnectionError: () => undefined });
  await database.migrate();
  return {
    ...database,
    dispose: async () => {
      await database.close().catch(() => undefined);
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The real catalogue from content/ (validation is the content test's job). */
export const realCatalogue = () => loadCatalogue(contentCoursesDir).catalogue;

export async function createTestApp(engine: Engine, options: { seed?: boolean; webDistDir?: string } = {}) {
  const database = await createTestDatabase(engine);
  if (options.seed !== false) await seedCatalogue(database.db, realCatalogue());
  const app = await buildApp({ database, ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}) });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}
