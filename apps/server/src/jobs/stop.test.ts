/**
 * Stopping the queue leaves nothing behind. pg-boss's own stop() resolves while a worker's fetch is
 * still out; that fetch can hand a job to its handler, and pg-boss then records the outcome without
 * awaiting it. A pool closed right after stop() met those statements ("Cannot use a pool after
 * calling end on the pool", an unhandled rejection that failed CI once).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../../test/harness.js";
import type { Database } from "../db/client.js";
import { createJobQueue } from "./queue.js";

const quietLog = { warn: () => {}, error: () => {}, info: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines)("stopping the job queue on %s", (engine) => {
  let database: TestDatabase;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  beforeEach(async () => {
    rejections.length = 0;
    process.on("unhandledRejection", onRejection);
    database = await createTestDatabase(engine);
  });
  afterEach(() => {
    process.off("unhandledRejection", onRejection);
  });

  for (const outcome of ["fails", "succeeds"] as const) {
    it(`waits for a job fetched as it stops, which ${outcome}, before the database may close`, async () => {
      // The same database, with every fetch of a job answering 300 ms late.
      const slowFetch: Database = Object.create(database);
      slowFetch.executeSql = async (text, values) => {
        const result = await database.executeSql(text, values);
        if (/skip locked/i.test(text)) await sleep(300);
        return result;
      };
      const jobs = createJobQueue(slowFetch, quietLog, { retryDelaySeconds: 1, retryLimit: 1 });
      const handled: string[] = [];
      jobs.define("mail", async () => {
        await database.executeSql("select 1");
        handled.push("ran");
        if (outcome === "fails") throw new Error("the mail server is down");
      });
      await jobs.start();
      // The workers' first fetches (empty) are back; they wait for the next poll.
      await sleep(700);
      const id = await jobs.send("mail", {});
      // The send woke a worker, whose fetch is now out; stop before it answers.
      await sleep(50);
      await jobs.stop();
      const { rows } = await database.executeSql("select state from pgboss.job where id = $1", [id]);
      await database.dispose();
      await sleep(500);
      expect(handled).toEqual(["ran"]);
      // The outcome was recorded before stop() answered, not left 'active' to time out.
      expect(rows[0]?.state).toBe(outcome === "fails" ? "retry" : "completed");
      expect(rejections).toEqual([]);
    });
  }
});
