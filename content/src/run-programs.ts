/** Runs small programs for the content tests: Java through the JDK, Python through CPython, JavaScript through Node. */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { contentRoot } from "./paths.js";

export const has = (cmd: string, arg = "--version") => spawnSync(cmd, [arg], { stdio: "ignore" }).status === 0;

/**
 * The Python the server's runner uses (the system's, as `findInterpreters` picks it), so the checks
 * run the trials on the interpreter learners' code meets; `python3` from PATH where there is none.
 * (A version manager's shim on PATH also costs about 140 ms a start.)
 */
export const PYTHON = ["/usr/bin/python3", "/usr/local/bin/python3"].find((p) => existsSync(p)) ?? "python3";

export interface ProcessOutcome {
  stdout: string;
  stderr: string;
  code: number | null;
  timedOut: boolean;
}

/** One process with `stdin`, killed after `timeoutMs`. */
export function runProcess(
  cmd: string,
  args: string[],
  options: { cwd: string; stdin?: string; timeoutMs?: number },
): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: options.cwd, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, options.timeoutMs ?? 20_000);
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => err.push(c));
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.stdin ?? "");
    const done = (code: number | null) => {
      clearTimeout(timer);
      resolve({
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        code,
        timedOut,
      });
    };
    child.on("error", (e) => {
      err.push(Buffer.from(String(e)));
      done(null);
    });
    child.on("close", (code) => done(code));
  });
}

/** How many programs the content tests run at once: the machine's cores, at most 4. */
export const PARALLEL_RUNS = Math.max(1, Math.min(4, availableParallelism()));

/** Maps with at most `limit` promises at a time (the machine is shared). */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  f: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await f(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The content checks' JVMs (tools/CompileAll.java, RunAll.java, RunCases.java) use only the quick JIT
 * and the serial collector, as the sandbox runs a learner's program (apps/server's sandbox.ts): the
 * work is hundreds of small programs, over before the optimising JIT pays for itself. Compiling the
 * 312 unit-tested Java suites took 14 CPU-s with these flags against 26 without; the content checks'
 * two Java files took 150 CPU-s instead of 208.
 */
export const QUICK_JVM_FLAGS = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];

/**
 * Compiles each directory's .java files with javac --release 17 (or `release`) in one warm JVM
 * (tools/CompileAll.java), against `classpath` too when given; resolves the directories that failed.
 */
export function compileJava(dirs: string[], java = "java", release = 17, classpath?: string): Set<string> {
  if (dirs.length === 0) return new Set();
  const args = [
    ...QUICK_JVM_FLAGS,
    join(contentRoot, "tools", "CompileAll.java"),
    `--release=${release}`,
    ...(classpath ? [`--classpath=${classpath}`] : []),
    ...dirs,
  ];
  const out = execFileSync(java, args, {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Set(
    out
      .split("\n")
      .filter((l) => l.startsWith("FAIL "))
      .map((l) => l.slice(5)),
  );
}

/** How each language's program in `dir` is started (Java: already compiled there, run with `java`). */
export function commandFor(
  lang: "java" | "python" | "javascript",
  dir: string,
  entry: string,
  java = "java",
): [string, string[]] {
  if (lang === "java") return [java, ["-Xshare:auto", ...QUICK_JVM_FLAGS, "-cp", dir, entry]];
  if (lang === "python") return [PYTHON, [join(dir, entry)]];
  return [process.execPath, [join(dir, entry)]];
}

/** A program to compile (Java) and run once per input; `files` are written into `dir`. */
export interface Program {
  lang: "java" | "python" | "javascript";
  dir: string;
  files: Record<string, string>;
  entry: string;
  stdins: string[];
  timeoutMs: number;
  /** Java: the `java` launcher of the JDK (default: the one on PATH) and the release to compile for. */
  java?: string | undefined;
  release?: number | undefined;
}

/** Whether a Java program compiled, and each input's outcome (none when it did not compile). */
export interface ProgramOutcome {
  compiled: boolean;
  runs: ProcessOutcome[];
}

const RUNS_CACHE_DIR = join(contentRoot, ".cache", "runs");
/** Changes when how programs are run changes (the runner's source too), so outcomes of the old way are not reused. */
const RUNS_CACHE_VERSION = [
  createHash("sha256")
    .update(readFileSync(join(contentRoot, "tools", "RunCases.java")))
    .digest("hex"),
  JSON.stringify(commandFor("java", "", "", "java")),
  // The flags RunCases' own JVM runs with (the quick JIT since 2026-11-27).
  `RunCases ${JSON.stringify(QUICK_JVM_FLAGS)}`,
  process.version,
].join(" ");

function runsCacheKey(p: Program): string {
  const files = Object.entries(p.files).sort(([a], [b]) => a.localeCompare(b));
  return createHash("sha256")
    .update(JSON.stringify([RUNS_CACHE_VERSION, p.lang, p.java ?? "", p.release ?? 17, files, p.entry, p.stdins]))
    .digest("hex");
}

function readRunsCache(key: string): ProgramOutcome | undefined {
  try {
    return JSON.parse(readFileSync(join(RUNS_CACHE_DIR, `${key}.json`), "utf8")) as ProgramOutcome;
  } catch {
    return undefined;
  }
}

/**
 * Compiles (Java, one warm javac per JDK and release) and runs each program on each of its inputs.
 * An outcome is kept in content/.cache (gitignored) by a hash of everything that decides it, so an
 * unchanged program is not run again; an outcome with a time-out is not kept (a busy machine).
 */
export async function runPrograms(programs: Program[]): Promise<ProgramOutcome[]> {
  const keys = programs.map(runsCacheKey);
  const outcomes = keys.map(readRunsCache);
  const todo = programs.map((p, i) => ({ p, i })).filter(({ i }) => outcomes[i] === undefined);
  for (const { p } of todo) {
    mkdirSync(p.dir, { recursive: true });
    for (const [name, code] of Object.entries(p.files)) {
      // A multi-file trial's path names its package folders.
      mkdirSync(dirname(join(p.dir, name)), { recursive: true });
      writeFileSync(join(p.dir, name), code);
    }
  }
  const notCompiled = new Set<string>();
  const javaGroups = new Map<string, Program[]>();
  for (const { p } of todo.filter(({ p }) => p.lang === "java")) {
    const group = JSON.stringify([p.java ?? "java", p.release ?? 17]);
    javaGroups.set(group, [...(javaGroups.get(group) ?? []), p]);
  }
  for (const [group, members] of javaGroups) {
    const [java, release] = JSON.parse(group) as [string, number];
    for (const dir of compileJava(
      members.map((m) => m.dir),
      java,
      release,
    ))
      notCompiled.add(dir);
  }
  const javaRuns = new Map<string, ProcessOutcome[]>();
  for (const [group, members] of javaGroups) {
    const [java] = JSON.parse(group) as [string, number];
    const compiled = members.filter((m) => !notCompiled.has(m.dir));
    for (const [dir, runs] of await runJavaCases(compiled, java)) javaRuns.set(dir, runs);
  }
  await mapLimit(todo, PARALLEL_RUNS, async ({ p, i }) => {
    let outcome: ProgramOutcome;
    if (notCompiled.has(p.dir)) outcome = { compiled: false, runs: [] };
    else if (p.lang === "java") {
      outcome = { compiled: true, runs: javaRuns.get(p.dir) ?? [] };
    } else {
      const runs: ProcessOutcome[] = [];
      for (const stdin of p.stdins) {
        const [cmd, args] = commandFor(p.lang, p.dir, p.entry, p.java);
        runs.push(await runProcess(cmd, args, { cwd: p.dir, stdin, timeoutMs: p.timeoutMs }));
      }
      outcome = { compiled: true, runs };
    }
    outcomes[i] = outcome;
    if (!outcome.runs.some((r) => r.timedOut) && outcome.runs.length === (outcome.compiled ? p.stdins.length : 0)) {
      mkdirSync(RUNS_CACHE_DIR, { recursive: true });
      writeFileSync(join(RUNS_CACHE_DIR, `${keys[i]}.json`), JSON.stringify(outcome));
    }
  });
  return outcomes as ProgramOutcome[];
}

/**
 * Runs compiled Java programs on each of their inputs in warm JVMs (tools/RunCases.java: a class
 * loader, captured streams and a time limit per run), PARALLEL_RUNS JVMs side by side: a JVM start
 * per run would cost more than the runs (about 1,500 runs for the trials alone). Resolves each
 * program's outcomes by its directory; a run the JVM never reported is a failed run that says so.
 */
async function runJavaCases(programs: Program[], java: string): Promise<Map<string, ProcessOutcome[]>> {
  const result = new Map<string, ProcessOutcome[]>();
  if (programs.length === 0) return result;
  for (const p of programs) {
    p.stdins.forEach((stdin, n) => {
      writeFileSync(join(p.dir, `.stdin-${n}`), stdin);
    });
  }
  const limit = Math.max(...programs.map((p) => p.timeoutMs));
  const chunks = Array.from({ length: Math.min(PARALLEL_RUNS, programs.length) }, (_, c) =>
    programs.filter((_, i) => i % PARALLEL_RUNS === c),
  );
  const outputs = await Promise.all(
    chunks.map((chunk) =>
      runProcess(
        java,
        [
          ...QUICK_JVM_FLAGS,
          join(contentRoot, "tools", "RunCases.java"),
          String(limit),
          ...chunk.map((p) => `${p.dir}:${p.entry}:${p.stdins.length}`),
        ],
        { cwd: contentRoot, timeoutMs: 60 * 60_000 },
      ),
    ),
  );
  const decode = (b64: string | undefined) => Buffer.from(b64 ?? "", "base64").toString("utf8");
  const reported = new Map<string, ProcessOutcome>();
  for (const out of outputs) {
    for (const line of out.stdout.split("\n")) {
      if (!line.startsWith("RUN ")) continue;
      const [, dir, n, outcome, stdout, stderr] = line.split(" ");
      reported.set(`${dir} ${n}`, {
        stdout: decode(stdout),
        stderr: decode(stderr),
        code: outcome === "OK" ? 0 : outcome === "THREW" ? 1 : null,
        timedOut: outcome === "TIMEOUT",
      });
    }
  }
  const crashed = outputs.map((o) => o.stderr.slice(0, 500)).join(" ");
  for (const p of programs) {
    result.set(
      p.dir,
      p.stdins.map(
        (_, n) =>
          reported.get(`${p.dir} ${n}`) ?? {
            stdout: "",
            stderr: `no result from tools/RunCases.java: ${crashed}`,
            code: null,
            timedOut: false,
          },
      ),
    );
  }
  return result;
}
