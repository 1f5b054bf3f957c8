import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { SQL_MAX_CHARS, SQL_MAX_ROWS, type SqlResultSet } from "@koc/shared";
import { UnavailableError } from "../../errors.js";
import { JobQueue } from "../code-runner/queue.js";
import type { JobOwner } from "../code-runner/types.js";

/** One run in a fresh schema: the tables, the learner's SQL, and for a script the check query. */
export interface SqlRun {
  setup: string;
  code: string;
  /** One statement whose rows are the answer (a query trial); otherwise a script. */
  single: boolean;
  /** A script's answer: this query, run after it. */
  check?: string | undefined;
  /** A lesson example: a result past the limits comes back cut to its first rows, marked truncated. */
  cut?: boolean;
}

export type SqlRunOutcome =
  | ({ status: "ok"; ms: number; truncated?: boolean } & SqlResultSet)
  | { status: "error"; ms: number; error: string; truncated?: boolean }
  /** The tables themselves failed to load: the trial's fault, not the learner's. */
  | { status: "setupError"; error: string }
  | { status: "timedOut" }
  /** Not run: an earlier run of the job timed out. */
  | { status: "notRun" };

export interface SqlPoolOptions {
  /** Worker threads, each with its own PGlite (default: 1, or 2 with 4+ cores). */
  workers?: number;
  /** Wall clock of one job's runs together, from the moment its database is ready. */
  jobMs?: number;
  /** Wall clock of the worker's start (loading PGlite and the data directory). */
  startMs?: number;
  maxWaiting?: number;
}

/** One job's wall-clock budget: its runs together (each run is small: a few tables of rows). */
export const SQL_JOB_MS = 10_000;

type Message =
  | { type: "ready" | "started" | "done" }
  | { type: "dump"; dump: ArrayBuffer }
  | { type: "failed"; error: string }
  | {
      type: "run";
      index: number;
      ms: number;
      columns?: string[];
      rows?: (string | null)[][];
      error?: string;
      setupError?: string;
      truncated?: boolean;
    };

const WORKER_URL = new URL("./sql-worker.mjs", import.meta.url);
// Heap for result rows: a query that returns millions of rows ends its worker, not the server.
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 };

/** No SQL engine now (503 with this message). */
export class SqlUnavailableError extends UnavailableError {}

/**
 * Throw-away PostgreSQL databases for SQL trials and lesson examples: a pool of worker threads,
 * each holding an in-memory PGlite loaded from one prepared data directory (made once by
 * `dumpDataDir`, so no worker runs initdb after the first). A job gets a database no other job
 * used; a job past its wall clock has its worker terminated and a new one started.
 */
export function createSqlPool(options: SqlPoolOptions = {}) {
  const size = options.workers ?? (availableParallelism() >= 4 ? 2 : 1);
  const jobMs = options.jobMs ?? SQL_JOB_MS;
  const startMs = options.startMs ?? 180_000;
  const queue = new JobQueue(size, options.maxWaiting ?? 8);
  const workers: (Worker | undefined)[] = Array.from({ length: size }, () => undefined);
  let dump: Promise<ArrayBuffer> | undefined;
  let closed = false;

  const spawn = (data: { dump?: ArrayBuffer }) =>
    new Worker(WORKER_URL, {
      workerData: { ...data, maxRows: SQL_MAX_ROWS, maxChars: SQL_MAX_CHARS },
      resourceLimits: RESOURCE_LIMITS,
    });

  /** The prepared data directory: an initialised, empty cluster, gzipped. */
  function prepared(): Promise<ArrayBuffer> {
    dump ??= new Promise<ArrayBuffer>((resolve, reject) => {
      const w = spawn({});
      const timer = setTimeout(() => {
        void w.terminate();
        reject(new SqlUnavailableError("The SQL engine did not start in time."));
      }, startMs);
      w.on("message", (m: Message) => {
        if (m.type === "dump") resolve(m.dump);
        else if (m.type === "failed") reject(new SqlUnavailableError(m.error));
        if (m.type === "dump" || m.type === "failed") {
          clearTimeout(timer);
          void w.terminate();
        }
      });
      w.on("error", (err) => {
        clearTimeout(timer);
        reject(new SqlUnavailableError(err.message));
      });
      w.postMessage({ type: "dump" });
    }).catch((err) => {
      dump = undefined; // the next job tries again
      throw err;
    });
    return dump;
  }

  async function workerFor(slot: number): Promise<Worker> {
    const existing = workers[slot];
    if (existing) return existing;
    const w = spawn({ dump: (await prepared()).slice(0) });
    w.unref();
    w.on("error", () => {
      if (workers[slot] === w) workers[slot] = undefined;
    });
    w.on("exit", () => {
      if (workers[slot] === w) workers[slot] = undefined;
    });
    workers[slot] = w;
    return w;
  }

  function runOn(slot: number, w: Worker, runs: SqlRun[]): Promise<SqlRunOutcome[]> {
    const outcomes: SqlRunOutcome[] = runs.map(() => ({ status: "notRun" }));
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const startTimer = setTimeout(() => finish("start"), startMs);
      const finish = (how: "done" | "timeout" | "exit" | "start" | Error) => {
        clearTimeout(timer);
        clearTimeout(startTimer);
        w.off("message", onMessage);
        w.off("exit", onExit);
        if (how === "done") return resolve(outcomes);
        // A job that overran: its worker and database go, the slot gets a fresh one next time.
        if (workers[slot] === w) workers[slot] = undefined;
        void w.terminate();
        const first = outcomes.findIndex((o) => o.status === "notRun");
        if (how === "timeout" || how === "exit") {
          if (first >= 0) {
            outcomes[first] =
              how === "timeout"
                ? { status: "timedOut" }
                : // The worker ran out of heap holding a huge result.
                  { status: "error", ms: 0, error: "The result was too large to hold.", truncated: true };
          }
          return resolve(outcomes);
        }
        reject(how === "start" ? new SqlUnavailableError("The SQL engine did not start in time.") : how);
      };
      const onExit = () => finish("exit");
      const onMessage = (m: Message) => {
        if (m.type === "started") {
          clearTimeout(startTimer);
          timer = setTimeout(() => finish("timeout"), jobMs);
        } else if (m.type === "run") {
          outcomes[m.index] =
            m.setupError !== undefined
              ? { status: "setupError", error: m.setupError }
              : m.error !== undefined
                ? { status: "error", ms: m.ms, error: m.error, ...(m.truncated ? { truncated: true } : {}) }
                : {
                    status: "ok",
                    ms: m.ms,
                    columns: m.columns ?? [],
                    rows: m.rows ?? [],
                    ...(m.truncated ? { truncated: true } : {}),
                  };
        } else if (m.type === "done") finish("done");
        else if (m.type === "failed") finish(new SqlUnavailableError(m.error));
      };
      w.on("message", onMessage);
      // A worker that ran out of heap (a huge result) exits: its run is reported as too large.
      w.on("exit", onExit);
      w.postMessage({ type: "job", runs });
    });
  }

  return {
    /** The runs of one job, in order, on one fresh database; a job waits for a free worker. */
    run(runs: SqlRun[], owner?: JobOwner): Promise<SqlRunOutcome[]> {
      if (closed) return Promise.reject(new SqlUnavailableError("The SQL engine is shut down."));
      return queue.run(async (slot) => runOn(slot, await workerFor(slot), runs), owner?.visitor === true);
    },
    /** Prepares the data directory and starts the workers, so the first learner does not wait. */
    async warm(): Promise<void> {
      await Promise.all(workers.map((_, slot) => workerFor(slot)));
    },
    async close(): Promise<void> {
      closed = true;
      await Promise.all(workers.map((w) => w?.terminate()));
    },
  };
}

export type SqlPool = ReturnType<typeof createSqlPool>;
