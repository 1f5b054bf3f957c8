import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
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
  /**
   * A folder where the prepared data directory is kept between starts (DATA_DIR): a restart loads
   * it instead of running initdb again. Best effort: a folder that cannot be written only means
   * the next start prepares it again.
   */
  templateDir?: string | undefined;
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

/** PGlite's own version (its package.json, beside the dist/ folder its WebAssembly is in): a template another version made is not loaded. */
function pgliteVersion(): string {
  try {
    const wasm = createRequire(import.meta.url).resolve("@electric-sql/pglite/pglite.wasm");
    const pkg = JSON.parse(readFileSync(join(dirname(wasm), "..", "package.json"), "utf8")) as { version?: string };
    return pkg.version ?? "unknown";
  } catch {
    // Another layout: the name says so, and a worker that cannot load the file has it made again.
    return "unknown";
  }
}

const TEMPLATE_PREFIX = "sql-template-pglite-";
let templateName: string | undefined;
/** The template's file name in `templateDir`, for this PGlite. */
export const sqlTemplateName = (): string => {
  templateName ??= `${TEMPLATE_PREFIX}${pgliteVersion()}.tar.gz`;
  return templateName;
};

/** A gzip file of a plausible size: anything else (cut short, another file) is prepared again. */
const isGzip = (data: Buffer): boolean => data.length > 1024 && data[0] === 0x1f && data[1] === 0x8b;

/** Reads a kept template; undefined when there is none or it is not one. */
async function readTemplate(file: string): Promise<ArrayBuffer | undefined> {
  try {
    const data = await readFile(file);
    if (!isGzip(data)) return undefined;
    return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  } catch {
    return undefined;
  }
}

/** Keeps a template for the next start (owner-only, written whole or not at all). */
async function keepTemplate(dir: string, name: string, dump: ArrayBuffer): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const partial = join(dir, `.${name}.${randomBytes(6).toString("hex")}`);
    await writeFile(partial, Buffer.from(dump), { mode: 0o600 });
    await rename(partial, join(dir, name));
    // Other versions' templates go, and copies a process died writing (another instance's in
    // progress only fails to keep its own).
    for (const other of await readdir(dir)) {
      const stale = other.startsWith(TEMPLATE_PREFIX) || other.startsWith(`.${TEMPLATE_PREFIX}`);
      if (stale && other !== name) await rm(join(dir, other), { force: true });
    }
  } catch {
    // A read-only DATA_DIR: the next start prepares the template again.
  }
}

/** No SQL engine now (503 with this message). */
export class SqlUnavailableError extends UnavailableError {}

/**
 * Throw-away PostgreSQL databases for SQL trials and lesson examples: a pool of worker threads,
 * each holding an in-memory PGlite loaded from one prepared data directory (made once by
 * `dumpDataDir`, so no worker runs initdb after the first, and kept in `templateDir` for the next
 * start). A job gets a database no other job used; a job past its wall clock has its worker
 * terminated and a new one started.
 */
export function createSqlPool(options: SqlPoolOptions = {}) {
  const size = options.workers ?? (availableParallelism() >= 4 ? 2 : 1);
  const jobMs = options.jobMs ?? SQL_JOB_MS;
  const startMs = options.startMs ?? 180_000;
  const queue = new JobQueue(size, options.maxWaiting ?? 8);
  const workers: (Worker | undefined)[] = Array.from({ length: size }, () => undefined);
  let dump: Promise<ArrayBuffer> | undefined;
  /** The template was loaded from templateDir: a worker that cannot load it has it prepared again. */
  let dumpFromFile = false;
  /** A kept template failed to load: this pool makes its own (and keeps that one instead). */
  let keptFailed = false;
  let closed = false;
  const templateFile = options.templateDir ? join(options.templateDir, sqlTemplateName()) : undefined;

  const spawn = (data: { dump?: ArrayBuffer }) =>
    new Worker(WORKER_URL, {
      workerData: { ...data, maxRows: SQL_MAX_ROWS, maxChars: SQL_MAX_CHARS },
      resourceLimits: RESOURCE_LIMITS,
    });

  /** An initialised, empty cluster, gzipped: made by a worker running initdb once. */
  const initdb = () =>
    new Promise<ArrayBuffer>((resolve, reject) => {
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
    });

  /** The prepared data directory: the kept template, or a new one (kept for the next start). */
  function prepared(): Promise<ArrayBuffer> {
    dump ??= (async () => {
      const kept = templateFile && !keptFailed ? await readTemplate(templateFile) : undefined;
      dumpFromFile = kept !== undefined;
      if (kept) return kept;
      const made = await initdb();
      if (options.templateDir) await keepTemplate(options.templateDir, sqlTemplateName(), made);
      return made;
    })().catch((err) => {
      dump = undefined; // the next job tries again
      throw err;
    });
    return dump;
  }

  /** A kept template no worker can load (another build's files): made again, and the new one kept in its place. */
  function forgetTemplate(): void {
    if (!dumpFromFile) return;
    dump = undefined;
    dumpFromFile = false;
    keptFailed = true;
  }

  /** Resolves true once a new worker has loaded its first database, false if it cannot. */
  const loads = (w: Worker) =>
    new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        w.off("message", onMessage);
        w.off("error", onError);
        resolve(ok);
      };
      const onMessage = (m: Message) => {
        if (m.type === "ready" || m.type === "failed") done(m.type === "ready");
      };
      const onError = () => done(false);
      const timer = setTimeout(() => done(false), startMs);
      w.on("message", onMessage);
      w.on("error", onError);
    });

  /** A worker on the prepared data directory; a kept template no worker can load is made again first. */
  async function spawnLoaded(): Promise<Worker> {
    const data = await prepared();
    const w = spawn({ dump: data.slice(0) });
    if (!dumpFromFile || (await loads(w))) return w;
    void w.terminate();
    forgetTemplate();
    return spawn({ dump: (await prepared()).slice(0) });
  }

  async function workerFor(slot: number): Promise<Worker> {
    const existing = workers[slot];
    if (existing) return existing;
    const w = await spawnLoaded();
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
