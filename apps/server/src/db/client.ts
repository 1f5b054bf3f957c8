import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsDir } from "../paths.js";
import * as schema from "./schema.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction: services take either, so callers can group writes. */
export type DbOrTx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  /** "pglite" (embedded) or "postgres" (a server through pg). */
  engine: "pglite" | "postgres";
  migrate(): Promise<void>;
  /**
   * Runs `fn` holding a PostgreSQL advisory lock on a fixed key (on a dedicated connection), so
   * several instances starting together on one database migrate and seed one after the other.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * Plain SQL for libraries that bring their own (the job queue): with values, one parameterised
   * statement; without, a script of one or more statements. Shares this handle's pool or PGlite.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Connections in use and idle, and callers waiting for one (PGlite: one connection, no pool). */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... to use a PostgreSQL server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string | undefined;
  /** A ready PGlite instance (tests start from a prepared data dir). */
  pglite?: PGlite;
  /**
   * Told when an idle PostgreSQL connection fails (the server restarted, an operator ended the
   * backend). The pool drops that connection and opens a new one on the next query; without a
   * listener the pool's 'error' event would end the process.
   */
  onIdleConnectionError?: (error: Error) => void;
}

/** The advisory lock key of start-up (migrations and catalogue seed): "KoC" + "mig" in ASCII. */
export const STARTUP_LOCK_KEY = 0x4b6f436d6967;

export function openDatabase(options: DatabaseOptions): Database {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    pool.on("error", (error) => {
      if (options.onIdleConnectionError) options.onIdleConnectionError(error);
      else process.stderr.write(`database: an idle connection failed: ${error.message}\n`);
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      engine: "postgres",
      migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: migrationsDir }),
      withStartupLock: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
          try {
            return await fn();
          } finally {
            await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      executeSql: async (text, values) => pool.query(text, values),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    if (options.dataDir) mkdirSync(resolve(options.dataDir), { recursive: true, mode: 0o700 });
    client = new PGlite(options.dataDir ? resolve(options.dataDir, "pglite") : undefined);
  }
  const pgl = client;
  const pgliteDb = drizzlePglite(pgl, { schema });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    engine: "pglite",
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: migrationsDir }),
    // One process owns a PGlite directory, but the same lock keeps both engines on one code path.
    withStartupLock: async (fn) => {
      await pgl.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
      try {
        return await fn();
      } finally {
        await pgl.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // PGlite's query() takes one statement with parameters; exec() runs a script (the queue's
    // migrations and locked maintenance are scripts) and answers one result per statement.
    executeSql: async (text, values) => {
      if (values && values.length > 0) return pgl.query<Record<string, unknown>>(text, values);
      const results = await pgl.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: () => pgl.close(),
  };
}
