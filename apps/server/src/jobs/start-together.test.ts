/**
 * Instances started together each create the queues they work. pg-boss's create_queue inserts the
 * queue's row and then adds a foreign key to the queue table; two instances creating the same new
 * queue at once deadlocked in PostgreSQL (40P01), and one instance failed to start (CI, two
 * instances on one PostgreSQL).
 */
import { describe, expect, it } from "vitest";
import { createTestDatabase, engines } from "../../test/harness.js";
import { createJobQueue } from "./queue.js";

const quietLog = { warn: () => {}, error: () => {}, info: () => {} };

// PostgreSQL only: one process owns a PGlite database, so instances never share one.
describe.skipIf(!engines.includes("postgres"))("job queues started together on PostgreSQL", () => {
  it("all start and each queue exists once", async () => {
    const database = await createTestDatabase("postgres");
    const kinds = ["letters", "receipts", "ravens", "scrolls", "banners"];
    const queues = Array.from({ length: 4 }, () => {
      const jobs = createJobQueue(database, quietLog);
      for (const kind of kinds) jobs.define(kind, async () => {}, 1);
      return jobs;
    });
    try {
      const started = await Promise.allSettled(queues.map((jobs) => jobs.start()));
      expect(started.map((result) => (result.status === "rejected" ? String(result.reason) : "ok"))).toEqual(
        queues.map(() => "ok"),
      );
      const { rows } = await database.executeSql(
        "select name, count(*)::int as n from pgboss.queue where name = any($1) group by name order by name",
        [kinds],
      );
      expect(rows).toEqual([...kinds].sort().map((name) => ({ name, n: 1 })));
    } finally {
      for (const jobs of queues) await jobs.stop();
      await database.dispose();
    }
  });
});
