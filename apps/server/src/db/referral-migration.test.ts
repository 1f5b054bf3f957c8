/**
 * Migration 0001_referral on data written before it: every account gets an upper-case code without
 * look-alikes, and friends who joined with a learner's code before the programme are credited once.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REFERRAL_CODE_ALPHABET } from "@koc/shared";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { engines } from "../../test/harness.js";
import { migrationsDir } from "../paths.js";
import { type Database, openDatabase } from "./client.js";

const TAG = "0001_referral";

/** Both drivers answer raw queries with `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A migrations folder holding only the migrations before this one. */
function migrationsBefore(): string {
  const journal = JSON.parse(readFileSync(join(migrationsDir, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const index = journal.entries.findIndex((e) => e.tag === TAG);
  expect(index).toBeGreaterThan(0);
  const dir = mkdtempSync(join(tmpdir(), "koc-migrations-"));
  mkdirSync(join(dir, "meta"));
  const earlier = journal.entries.slice(0, index);
  for (const e of earlier) copyFileSync(join(migrationsDir, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: earlier }));
  return dir;
}

async function rawDatabase(engine: "pglite" | "postgres") {
  if (engine === "pglite") {
    const database = openDatabase({});
    return {
      database,
      migrateTo: (folder: string) => migratePglite(database.db as never, { migrationsFolder: folder }),
      drop: async () => {},
    };
  }
  const adminUrl = String(process.env.TEST_DATABASE_URL);
  const name = `koc_mig_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString() });
  return {
    database,
    migrateTo: (folder: string) => migrateNodePg(database.db as never, { migrationsFolder: folder }),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

describe.each(engines)(`migration ${TAG} on %s`, (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it("backfills codes, upper-cases them, makes them required and credits earlier referrals once", async () => {
    const before = migrationsBefore();
    cleanups.push(async () => rmSync(before, { recursive: true, force: true }));
    const { database, migrateTo, drop } = await rawDatabase(engine);
    cleanups.push(async () => {
      await database.close().catch(() => undefined);
      await drop();
    });
    const db: Database["db"] = database.db;
    await migrateTo(before);

    const insert = (name: string, code: string | null, referredBy: string | null) =>
      db.execute(sql`insert into users (name, email, password_hash, referral_code, referred_by_code)
        values (${name}, ${`${name}@example.com`}, 'x', ${code}, ${referredBy}) returning id`);
    await insert("nocode1", null, null);
    await insert("nocode2", null, null);
    await insert("lower", "abcdefgh", null);
    await insert("friend", null, "abcdefgh");
    await insert("unknown", null, "NOSUCHCD");
    await insert("selfish", "SELF2345", "self2345");

    await migrateTo(migrationsDir);

    const rows = rowsOf<{ name: string; id: string; referral_code: string }>(
      await db.execute(sql`select id, name, referral_code from users order by name`),
    );
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    const pattern = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{8}$`);
    for (const name of ["nocode1", "nocode2", "friend", "unknown"])
      expect(byName[name]?.referral_code).toMatch(pattern);
    expect(byName.lower?.referral_code).toBe("ABCDEFGH");
    expect(new Set(rows.map((r) => r.referral_code)).size).toBe(rows.length);

    const ledger = rowsOf<{ user_id: string; referred_user_id: string; amount: number; reason: string }>(
      await db.execute(sql`select user_id, referred_user_id, amount, reason from credit_ledger`),
    );
    expect(ledger).toEqual([
      { user_id: byName.lower?.id, referred_user_id: byName.friend?.id, amount: 80, reason: "referral" },
    ]);

    await expect(
      db.execute(sql`insert into users (name, email, password_hash) values ('n', 'n@example.com', 'x')`),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`insert into users (name, email, password_hash, referral_code) values ('m', 'm@example.com', 'x', 'lowercas')`,
      ),
    ).rejects.toThrow();
  });
});
