/** Databases for tests, shared by the harness and the global setup (which runs outside a test file). */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { type Catalogue, loadCatalogue } from "@koc/content";
import pg from "pg";
import { contentCoursesDir } from "../src/paths.js";

/**
 * A snapshot file for PGlite's `loadDataDir`: a plain tar (global-setup.ts dumps it uncompressed),
 * so no test database unpacks gzip first: the seeded database loaded in 1.2 CPU-s from the tar
 * (44 MB) against 1.35-1.8 from the gzip (6 MB) here. (PGlite unpacks a dump only when its Blob says
 * gzip, and waits for ever on a gzip typed otherwise.)
 */
export const snapshotBlob = (file: string): Blob => new Blob([readFileSync(file)], { type: "application/x-tar" });

/** "migrated": the schema only; "seeded": the schema and the real catalogue from content/. */
export type SnapshotKind = "migrated" | "seeded";

/** Made once per run by global-setup.ts: PGlite dump files, PostgreSQL template database names. */
export interface Snapshots {
  pglite: Record<SnapshotKind, string>;
  postgres?: Record<SnapshotKind, string>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A new PostgreSQL database on the server of `adminUrl`, empty or a copy of `template`; drop()
 * removes it. Copies of one template made at the same moment can find it busy: they try again.
 */
export async function createPostgresDatabase(adminUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
        break;
      } catch (error) {
        const busy = (error as { code?: string }).code === "55006"; // object_in_use: the template is being copied
        if (!busy || attempt >= 50) throw error;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The real catalogue (validation is the content tests' job): the copy the global setup named in
 * CATALOGUE_FILE when there is one, else read from content/.
 */
export const realCatalogue = (): Catalogue => {
  const file = process.env.CATALOGUE_FILE;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as Catalogue;
  return loadCatalogue(contentCoursesDir).catalogue;
};
