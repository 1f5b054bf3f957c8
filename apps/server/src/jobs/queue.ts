import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import type { Database } from "../db/client.js";

/**
 * Durable background work on the application's own database (decision 0019): pg-boss keeps every
 * job in PostgreSQL tables (schema `pgboss`), so a job survives a crash, a deploy and a mail server
 * that is down, and is retried with exponential back-off. It runs on PostgreSQL and on the embedded
 * PGlite alike, through `Database.executeSql` (the same pool or PGlite handle as everything else).
 */

export interface JobOptions {
  /** The first retry waits this long (then twice as long each time, with jitter). Default 10 s. */
  retryDelaySeconds?: number;
  /** Retries after the first attempt. Default 10: with 10 s that spans at least 2.8 hours. */
  retryLimit?: number;
  /**
   * A job running longer than this counts as lost (its process died) and is retried; also how often
   * the queue looks for such jobs. Default 60 s (JOB_TIMEOUT_SECONDS).
   */
  timeoutSeconds?: number;
}

/** The shortest time between a job's first attempt and its last retry (pg-boss's back-off). */
export function minimumRetrySpanSeconds(options: JobOptions = {}): number {
  const delay = options.retryDelaySeconds ?? 10;
  const limit = options.retryLimit ?? 10;
  // Retry n (from 0) waits delay * 2^n * (1 + random): at least delay * 2^n.
  let total = 0;
  for (let n = 0; n < limit; n++) total += delay * 2 ** Math.min(16, n);
  return total;
}

export type JobHandler<T> = (data: T, job: { id: string; name: string; retryCount: number }) => Promise<void>;

interface Definition {
  name: string;
  handler: JobHandler<never>;
  concurrency: number;
}

/** A deterministic job id for a dedupe key: enqueueing the same key twice keeps one job. */
export function jobIdForKey(key: string): string {
  const h = createHash("sha256").update(key).digest("hex");
  // Shaped as a version-5-like UUID (the job id column is a uuid).
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function createJobQueue(
  database: Database,
  log: Pick<FastifyBaseLogger, "warn" | "error" | "info">,
  options: JobOptions = {},
) {
  const retryDelay = options.retryDelaySeconds ?? 10;
  const retryLimit = options.retryLimit ?? 10;
  const timeout = options.timeoutSeconds ?? 60;
  // pg-boss sends a finished job's complete/fail without awaiting it, and its stop() can resolve
  // while a worker's fetch is still out; stop() below waits for every statement it started, so none
  // reaches a pool that the caller closes next.
  const inFlight = new Set<Promise<unknown>>();
  const executeSql = (text: string, values?: unknown[]) => {
    const statement = database.executeSql(text, values);
    inFlight.add(statement);
    const settle = () => inFlight.delete(statement);
    statement.then(settle, settle);
    return statement;
  };
  const boss = new PgBoss({
    db: { executeSql },
    schema: "pgboss",
    // Lost jobs are found by this maintenance; the archive and the monitor need no faster pace.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, timeout)),
    monitorStateIntervalSeconds: 60,
    // pg-boss's own cron scheduler is not used.
    schedule: false,
  });
  boss.on("error", (err: Error) => log.error({ err }, "job queue error"));
  const definitions: Definition[] = [];
  const workerIds = new Map<string, string[]>();
  const running = new Map<string, number>();
  let state: "new" | "started" | "stopping" | "stopped" = "new";
  const runTimes: ((name: string, seconds: number, ok: boolean) => void)[] = [];

  async function runOne(def: Definition, job: PgBoss.JobWithMetadata<unknown>) {
    running.set(def.name, (running.get(def.name) ?? 0) + 1);
    const started = performance.now();
    let ok = false;
    try {
      await def.handler(job.data as never, { id: job.id, name: job.name, retryCount: job.retryCount });
      ok = true;
    } catch (err) {
      // Thrown again so pg-boss records the failure and schedules the retry.
      log.warn(
        { err, job: { id: job.id, name: job.name, retryCount: job.retryCount } },
        "job failed; it will be retried",
      );
      throw err;
    } finally {
      running.set(def.name, (running.get(def.name) ?? 1) - 1);
      for (const observe of runTimes) observe(def.name, (performance.now() - started) / 1000, ok);
    }
  }

  return {
    /** Registers a kind of job before start(). `concurrency` jobs of it run at once per instance. */
    define<T>(name: string, handler: JobHandler<T>, concurrency = 2) {
      definitions.push({ name, handler: handler as JobHandler<never>, concurrency });
    },

    /** Called with each finished job's run time (metrics). */
    onRun(observe: (name: string, seconds: number, ok: boolean) => void) {
      runTimes.push(observe);
    },

    async start() {
      if (state !== "new") return;
      state = "started";
      await boss.start();
      // pg-boss's create_queue inserts the queue's row, then adds a foreign key to the queue table:
      // two instances creating the same new queue at once deadlock (40P01) and one fails to start.
      // The start-up lock makes instances create their queues one after the other.
      await database.withStartupLock(async () => {
        for (const def of definitions) {
          await boss.createQueue(def.name, {
            name: def.name,
            retryLimit,
            retryDelay,
            retryBackoff: true,
            expireInSeconds: timeout,
            // Finished jobs are kept a week for inspection, then removed by the maintenance.
            retentionMinutes: 7 * 24 * 60,
          });
        }
      });
      if (database.engine === "pglite") await requeueCutOff();
      for (const def of definitions) {
        const ids: string[] = [];
        for (let i = 0; i < def.concurrency; i++) {
          ids.push(
            await boss.work(def.name, { pollingIntervalSeconds: 2, includeMetadata: true }, async ([job]) => {
              if (job) await runOne(def, job);
            }),
          );
        }
        workerIds.set(def.name, ids);
      }
    },

    /**
     * Enqueues a job. With `key`, the job's id is derived from it, so the same key enqueued again
     * (a retried request, a replayed webhook) is the same job. Answers the job id, or null when
     * that key was already queued.
     */
    async send(name: string, data: object, sendOptions: { key?: string } = {}): Promise<string | null> {
      const id = await boss.send(name, data, sendOptions.key ? { id: jobIdForKey(sendOptions.key) } : {});
      // Wake this instance's idle workers now rather than at their next poll.
      for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
      return id;
    },

    /** Jobs waiting (queued or waiting for a retry) and running, per kind. */
    async depth(): Promise<{ name: string; queued: number; active: number }[]> {
      const { rows } = await database.executeSql(
        "select name, count(*) filter (where state in ('created','retry'))::int as queued, count(*) filter (where state = 'active')::int as active from pgboss.job group by name",
      );
      return rows.map((r) => ({ name: String(r.name), queued: Number(r.queued), active: Number(r.active) }));
    },

    runningHere: () => [...running.values()].reduce((a, b) => a + b, 0),
    get started() {
      return state === "started";
    },

    /** Stops taking new jobs and waits (up to `timeoutMs`) for the running ones to finish. */
    async stop(timeoutMs = 20_000) {
      if (state !== "started") {
        state = "stopped";
        return;
      }
      state = "stopping";
      try {
        await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      } catch (err) {
        log.error({ err }, "job queue did not stop cleanly");
      }
      // A fetch still out may hand a job to a handler after pg-boss's stop; the short sleeps let
      // each finished step start its next one (complete or fail) before the count is read again.
      const deadline = Date.now() + timeoutMs;
      do {
        await Promise.allSettled([...inFlight]);
        await new Promise((resolve) => setTimeout(resolve, 20));
      } while ((inFlight.size > 0 || [...running.values()].some((n) => n > 0)) && Date.now() < deadline);
      state = "stopped";
    },
  };

  /**
   * PGlite is opened by one process at a time, so a job still 'active' at start was cut off when
   * the previous process died: it is failed now (and so retried) instead of after its timeout.
   */
  async function requeueCutOff() {
    const { rows } = await database.executeSql("select id, name from pgboss.job where state = 'active'");
    for (const row of rows) {
      await boss.fail(String(row.name), String(row.id), { message: "the server stopped while this job ran" });
    }
    if (rows.length > 0) log.warn({ jobs: rows.length }, "jobs cut off by the last stop are retried");
  }
}

export type JobQueue = ReturnType<typeof createJobQueue>;
