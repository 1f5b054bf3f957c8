import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { testSqlTemplateDir } from "../../test/harness.js";
import { readKeptSqlTemplate } from "../adapters/sql-runner/pool.js";
import { openDatabase, openPgliteFromCluster } from "./client.js";

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("the PostgreSQL pool", () => {
  it("survives the server ending its idle connections, and the next query opens a new one", async () => {
    const errors: string[] = [];
    const application = `koc-idle-${process.pid}-${Date.now()}`;
    const withName = new URL(url as string);
    withName.searchParams.set("application_name", application);
    const database = openDatabase({
      url: withName.toString(),
      onIdleConnectionError: (error) => errors.push(error.message),
    });
    try {
      await database.ping();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const ended = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
        [application],
      );
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      await expect.poll(() => errors.length).toBeGreaterThan(0);
      expect(errors[0]).toMatch(/terminating connection/);
      await database.ping();
    } finally {
      await database.close();
    }
  });
});

// The SQL engine's prepared cluster the run made once (global-setup.ts), as a server keeps it in DATA_DIR.
const templateDir = testSqlTemplateDir();
const cluster = templateDir ? await readKeptSqlTemplate(templateDir) : undefined;

describe.skipIf(!cluster)("a first start on PGlite from the kept cluster", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "koc-first-start-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("becomes a lasting database in DATA_DIR, and a folder that holds one is never loaded over", async () => {
    const pglite = await openPgliteFromCluster(dataDir, cluster as ArrayBuffer);
    expect(pglite).toBeDefined();
    const first = openDatabase({ pglite });
    await first.migrate();
    await first.executeSql(
      "insert into users (email, password_hash, name, referral_code) values ('kept@example.com', 'x', 'Kept', 'KEPT01')",
    );
    await first.close();

    // The folder holds a database now: left as it is (no copy over it), and opened as any restart opens it.
    expect(await openPgliteFromCluster(dataDir, cluster as ArrayBuffer)).toBeUndefined();
    const again = openDatabase({ dataDir });
    try {
      const { rows } = await again.executeSql("select name from users where email = 'kept@example.com'");
      expect(rows).toEqual([{ name: "Kept" }]);
    } finally {
      await again.close();
    }
  });

  it("answers undefined for a file cut short, damaged or holding no cluster, and leaves DATA_DIR to initdb", async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "koc-first-start-"));
    const bytes = new Uint8Array(cluster as ArrayBuffer);
    const damaged = bytes.slice();
    const middle = Math.floor(damaged.length / 2);
    damaged[middle] = (damaged[middle] ?? 0) ^ 0xff;
    const notACluster = new Uint8Array(gzipSync(Buffer.alloc(64 * 1024, "not a tar archive ")));
    try {
      for (const file of [bytes.slice(0, bytes.length / 2), damaged, notACluster]) {
        expect(await openPgliteFromCluster(elsewhere, file.buffer as ArrayBuffer)).toBeUndefined();
        expect(existsSync(join(elsewhere, "pglite"))).toBe(false);
      }
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
