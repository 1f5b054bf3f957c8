import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.js";

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
