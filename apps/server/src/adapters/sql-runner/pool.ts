import { type ChildProcess, fork, type Serializable } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
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
  /** Worker processes, each with its own PGlite (default: 1, or 2 with 4+ cores). */
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

/**
 * What every SQL database starts with after PGlite's own start parameters: PostgreSQL's buffer
 * cache at 16 MB instead of PGlite's 128 (`shared_buffers`). A job's database holds a lesson's few
 * tables; a fresh one then loaded in 0.86 CPU-s here instead of 1.32, and a worker holding a
 * 200,000-row table took some 90 MB less memory. The worker gets them in its first message; the
 * test suite's databases start the same way (test/harness.ts).
 */
export const SQL_START_SETTINGS = ["-c", "shared_buffers=16MB"];

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

const WORKER_PATH = fileURLToPath(new URL("./sql-worker.mjs", import.meta.url));
/**
 * Heap for result rows. A query that returns millions of rows ends its worker, and the worker is a
 * process of its own: a worker thread's heap limit (`resourceLimits`) did not always hold, and a
 * thread that overran it once took the whole test process down with "Reached heap limit".
 * Plain Node (no loader the server was started with), so the .mjs starts as it is.
 */
const WORKER_EXEC_ARGV = ["--max-old-space-size=256", "--max-semi-space-size=16"];

type SqlWorker = ChildProcess;

/** Sends a worker a message; false when it can take none (it has exited). */
function send(w: SqlWorker, message: Serializable): boolean {
  if (!w.connected) return false;
  // With a callback, a failed send is reported to it instead of as an "error" event.
  w.send(message, () => undefined);
  return true;
}

/** Started and not yet exited (a process that could not be started has no pid, and never exits). */
const running = (w: SqlWorker) => w.pid !== undefined && w.exitCode === null && w.signalCode === null;

/** Ends a worker at once (a job that overran, a pool that closes): its database goes with it. */
function end(w: SqlWorker): void {
  if (running(w)) w.kill("SIGKILL");
}

/** Ends a worker, resolving once it has exited. */
function ended(w: SqlWorker): Promise<void> {
  if (!running(w)) return Promise.resolve();
  return new Promise((resolve) => {
    w.once("exit", () => resolve());
    w.once("error", () => resolve());
    w.ref(); // the wait keeps the process alive until the worker is gone
    end(w);
  });
}

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
 * Throw-away PostgreSQL databases for SQL trials and lesson examples: a pool of worker processes,
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
  const workers: (SqlWorker | undefined)[] = Array.from({ length: size }, () => undefined);
  let dump: Promise<ArrayBuffer> | undefined;
  /** The template was loaded from templateDir: a worker that cannot load it has it prepared again. */
  let dumpFromFile = false;
  /** A kept template failed to load: this pool makes its own (and keeps that one instead). */
  let keptFailed = false;
  let closed = false;
  const templateFile = options.templateDir ? join(options.templateDir, sqlTemplateName()) : undefined;

  /**
   * A worker process, given its limits and (for jobs) the prepared data directory in its first
   * message. Structured clone over the IPC channel carries the dump's bytes. Its output is not
   * ours to print: an overrun heap's report would only fill the server's log.
   */
  const spawn = (data: { dump?: ArrayBuffer }): SqlWorker => {
    const w = fork(WORKER_PATH, [], {
      execArgv: WORKER_EXEC_ARGV,
      // None of the server's environment: its secrets are nothing a learner's SQL runs beside, and
      // a NODE_OPTIONS there would change the worker's heap limit.
      env: {},
      serialization: "advanced",
      stdio: ["ignore", "ignore", "ignore", "ipc"],
    });
    // A process that cannot be started reports through "error"; the message is then not sent.
    w.on("error", () => undefined);
    send(w, { type: "init", ...data, maxRows: SQL_MAX_ROWS, maxChars: SQL_MAX_CHARS, settings: SQL_START_SETTINGS });
    return w;
  };

  /** An initialised, empty cluster, gzipped: made by a worker running initdb once. */
  const initdb = () =>
    new Promise<ArrayBuffer>((resolve, reject) => {
      const w = spawn({});
      const timer = setTimeout(() => {
        end(w);
        reject(new SqlUnavailableError("The SQL engine did not start in time."));
      }, startMs);
      w.on("message", (m: Message) => {
        if (m.type === "dump") resolve(m.dump);
        else if (m.type === "failed") reject(new SqlUnavailableError(m.error));
        if (m.type === "dump" || m.type === "failed") {
          clearTimeout(timer);
          end(w);
        }
      });
      w.on("error", (err) => {
        clearTimeout(timer);
        reject(new SqlUnavailableError(err.message));
      });
      w.on("exit", () => {
        clearTimeout(timer);
        reject(new SqlUnavailableError("The SQL engine stopped while it was being prepared."));
      });
      send(w, { type: "dump" });
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
  const loads = (w: SqlWorker) =>
    new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        w.off("message", onMessage);
        w.off("error", onError);
        w.off("exit", onError);
        resolve(ok);
      };
      const onMessage = (m: Message) => {
        if (m.type === "ready" || m.type === "failed") done(m.type === "ready");
      };
      const onError = () => done(false);
      const timer = setTimeout(() => done(false), startMs);
      w.on("message", onMessage);
      w.on("error", onError);
      w.on("exit", onError);
    });

  /** A worker on the prepared data directory; a kept template no worker can load is made again first. */
  async function spawnLoaded(): Promise<SqlWorker> {
    const data = await prepared();
    const w = spawn({ dump: data });
    if (!dumpFromFile || (await loads(w))) return w;
    end(w);
    forgetTemplate();
    return spawn({ dump: await prepared() });
  }

  async function workerFor(slot: number): Promise<SqlWorker> {
    const existing = workers[slot];
    if (existing && running(existing)) return existing;
    const w = await spawnLoaded();
    // An idle worker does not keep the server (or a test run) alive.
    w.unref();
    w.channel?.unref();
    w.on("error", () => {
      if (workers[slot] === w) workers[slot] = undefined;
    });
    w.on("exit", () => {
      if (workers[slot] === w) workers[slot] = undefined;
    });
    workers[slot] = w;
    return w;
  }

  function runOn(slot: number, w: SqlWorker, runs: SqlRun[]): Promise<SqlRunOutcome[]> {
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
        end(w);
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
      if (!send(w, { type: "job", runs })) finish("exit");
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
      await Promise.all(workers.map((w) => (w ? ended(w) : undefined)));
    },
  };
}

export type SqlPool = ReturnType<typeof createSqlPool>;
