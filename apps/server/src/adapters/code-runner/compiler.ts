import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { secureDataDir } from "../../data-dir.js";
import { HELPER_CLASS, HELPER_SOURCE } from "./java-helper.js";
import type { Jdk } from "./jdk.js";

export type CompileOutcome = { ok: true } | { ok: false; diagnostics: string };

/** What one compile may use; a compile over a limit is stopped and answered as a compile error. */
export interface CompileLimits {
  /** Processor time of the compiler for this one compile. */
  cpuSeconds: number;
  /** Wall time for this one compile. */
  wallMs: number;
  /** The compiler JVM's heap (-Xmx), in MiB. */
  heapMb: number;
  /** All class files of one compile together, in bytes. */
  outputBytes: number;
}

export const DEFAULT_COMPILE_LIMITS: CompileLimits = {
  cpuSeconds: 10,
  wallMs: 20_000,
  heapMb: 256,
  outputBytes: 4 * 1024 * 1024,
};

const COMPILE_TIMEOUT_MS = DEFAULT_COMPILE_LIMITS.wallMs;
const DIAGNOSTICS_LIMIT = 16 * 1024;
const PRLIMIT = ["/usr/bin/prlimit", "/bin/prlimit"].find((p) => existsSync(p));

/** The answers a learner gets when a compile goes over a limit. */
export const compileLimitMessage = {
  time: (l: CompileLimits) =>
    `Compilation took too long and was stopped (the limit is ${l.cpuSeconds} s of processor time, ${Math.round(l.wallMs / 1000)} s in all). Deeply nested calls of overloaded generic methods (with conditionals or lambdas as arguments) are slow to compile: split the expression into local variables.`,
  memory: (l: CompileLimits) =>
    `Compilation ran out of memory and was stopped (the compiler may use ${l.heapMb} MB). Very large constant expressions or initialisers need too much: split them up.`,
  output: (l: CompileLimits) =>
    `Compilation was stopped: the compiled classes would be larger than ${Math.round(l.outputBytes / (1024 * 1024))} MB, the limit here. Very large array initialisers or constants produce huge class files: load such data at run time instead.`,
  crashed: () => "The compiler stopped unexpectedly while compiling this program and was restarted.",
};

function capDiagnostics(text: string): string {
  const t = text.trimEnd();
  return t.length > DIAGNOSTICS_LIMIT ? `${t.slice(0, DIAGNOSTICS_LIMIT)}\n... (more diagnostics cut)` : t;
}

/** Runs a command and collects its output (bounded), killing it after `timeoutMs`. */
export function exec(
  cmd: string,
  args: string[],
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const take = (chunk: Buffer) => {
      if (output.length < 256 * 1024) output += chunk.toString("utf8");
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, options.timeoutMs ?? COMPILE_TIMEOUT_MS);
    child.on("error", (err) => {
      clearTimeout(timer);
      resolve({ code: null, signal: null, output: String(err), timedOut });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output, timedOut });
    });
  });
}

/** Total size of the files under `dir` (the compiled classes). */
export function directoryBytes(dir: string): number {
  let total = 0;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      const st = lstatSync(path);
      if (st.isDirectory()) walk(path);
      else total += st.size;
    }
  };
  try {
    walk(dir);
  } catch {
    // removed meanwhile
  }
  return total;
}

/** CPU time (user + system) a process has used so far, in ms; undefined once it is gone. */
export function cpuTimeMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of /proc/<pid>/stat (utime, stime), counted from after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = 100;

/**
 * One javac process per compile: the fallback when the warm compiler is not available, under the
 * same limits (CPU and file size through prlimit, heap through -J-Xmx, class output checked after).
 */
export async function spawnJavac(
  jdk: Jdk,
  release: number,
  sourceFile: string,
  outDir: string,
  limits: CompileLimits = DEFAULT_COMPILE_LIMITS,
  /** Besides outDir: jars the source compiles against (a trial's hidden tests: JUnit's API). */
  extraClasspath?: string,
): Promise<CompileOutcome> {
  return javacIn(jdk, release, dirname(sourceFile), [basename(sourceFile)], outDir, limits, extraClasspath);
}

/**
 * A multi-file project's sources compiled together by one javac (docs/decisions/0032): `files`
 * are relative to `root`, so diagnostics name them as the learner's tabs do.
 */
export function spawnJavacFiles(
  jdk: Jdk,
  release: number,
  root: string,
  files: string[],
  outDir: string,
  limits: CompileLimits = DEFAULT_COMPILE_LIMITS,
  extraClasspath?: string,
): Promise<CompileOutcome> {
  return javacIn(jdk, release, root, files, outDir, limits, extraClasspath);
}

async function javacIn(
  jdk: Jdk,
  release: number,
  cwd: string,
  files: string[],
  outDir: string,
  limits: CompileLimits,
  extraClasspath: string | undefined,
): Promise<CompileOutcome> {
  const javacArgs = [
    "-J-Xshare:auto",
    "-J-XX:+UseSerialGC",
    "-J-XX:TieredStopAtLevel=1",
    `-J-Xmx${limits.heapMb}m`,
    "-J-XX:+ExitOnOutOfMemoryError",
    "--release",
    String(release),
    "-proc:none",
    "-implicit:none",
    "-Xlint:-options",
    "-encoding",
    "UTF-8",
    "-d",
    outDir,
    "-classpath",
    extraClasspath ? `${outDir}:${extraClasspath}` : outDir,
    "-sourcepath",
    ".",
    ...files,
  ];
  const [cmd, args] = PRLIMIT
    ? [
        PRLIMIT,
        [`--cpu=${limits.cpuSeconds}`, `--fsize=${limits.outputBytes}`, "--core=0", "--", jdk.javac, ...javacArgs],
      ]
    : [jdk.javac, javacArgs];
  const r = await exec(cmd, args, { cwd, timeoutMs: limits.wallMs });
  if (r.timedOut || r.signal === "SIGXCPU" || r.signal === "SIGKILL") {
    return { ok: false, diagnostics: compileLimitMessage.time(limits) };
  }
  if (r.signal === "SIGXFSZ" || directoryBytes(outDir) > limits.outputBytes) {
    return { ok: false, diagnostics: compileLimitMessage.output(limits) };
  }
  if (r.code === 3 && /OutOfMemoryError/.test(r.output))
    return { ok: false, diagnostics: compileLimitMessage.memory(limits) };
  if (r.code === 0) return { ok: true };
  return { ok: false, diagnostics: capDiagnostics(r.output) };
}

/** Compiles the helper once per JDK into `cacheRoot` (kept there for later starts). */
async function buildHelper(jdk: Jdk, cacheRoot: string): Promise<string> {
  const key = createHash("sha256").update(`${jdk.home}\n${jdk.major}\n${HELPER_SOURCE}`).digest("hex").slice(0, 16);
  const dir = join(cacheRoot, key);
  if (existsSync(join(dir, `${HELPER_CLASS}.class`))) return dir;
  mkdirSync(cacheRoot, { recursive: true, mode: 0o700 });
  const work = mkdtempSync(join(cacheRoot, "build-"));
  try {
    const src = join(work, `${HELPER_CLASS}.java`);
    writeFileSync(src, HELPER_SOURCE);
    const out = join(work, "classes");
    mkdirSync(out, { mode: 0o700 });
    const r = await exec(jdk.javac, ["-encoding", "UTF-8", "-d", out, src], { timeoutMs: 60_000 });
    if (r.code !== 0) throw new Error(`cannot compile the compiler helper: ${r.output}`);
    // Owner-only, as everything else in DATA_DIR, where the server keeps this cache.
    secureDataDir(out);
    try {
      renameSync(out, dir);
    } catch (err) {
      if (!existsSync(join(dir, `${HELPER_CLASS}.class`))) throw err;
    }
    return dir;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * One long-lived javac (javax.tools) process, fed one job at a time (the pool never gives it two).
 * A compile that goes over a limit costs the process: it is killed and a fresh one started.
 */
export class WarmCompiler {
  private child: ChildProcessWithoutNullStreams | undefined;
  private starting: Promise<void> | undefined;
  /** The job in progress: its process, and what to call with the process's answer. */
  private pending: { child: ChildProcessWithoutNullStreams; answer: (line: string) => void } | undefined;
  private closed = false;
  /** How many processes this worker has started (the first, then one per recycle). */
  starts = 0;

  constructor(
    readonly jdk: Jdk,
    private readonly helperDir: string,
    private readonly limits: CompileLimits,
    /** A tiny source each fresh process compiles once before it takes jobs (JIT warm-up). */
    private readonly warmupSource?: string,
  ) {}

  get warm(): boolean {
    return this.child !== undefined;
  }

  /** The helper process's pid while it runs (tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process if it is not running; a second call waits for the first. */
  start(): Promise<void> {
    if (this.child) return Promise.resolve();
    this.starting ??= this.startNow().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /** A fresh process, warmed up with a tiny compile before it takes jobs. */
  private async startNow(): Promise<void> {
    const child = await this.spawnHelper();
    if (this.warmupSource) {
      const out = mkdtempSync(join(dirname(this.warmupSource), "out-"));
      try {
        const answer = await this.ask(child, this.jdk.major, this.warmupSource, out, {
          ...this.limits,
          wallMs: 60_000,
          cpuSeconds: 60,
        });
        if (answer !== "OK") throw new Error(`compiler warm-up failed: ${answer.slice(0, 200)}`);
      } catch (err) {
        child.kill("SIGKILL");
        throw err;
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    }
    if (this.closed) child.kill("SIGKILL");
    else this.child = child;
  }

  private spawnHelper(): Promise<ChildProcessWithoutNullStreams> {
    const java = [
      this.jdk.java,
      "-Xshare:auto",
      "-XX:+UseSerialGC",
      // The quick JIT only, as the fallback javac and the runs use: a learner's program is small,
      // and the optimising JIT's work on javac costs more than it gains. Measured on JDK 17, one
      // process's start and warm-up took 0.8 CPU-s instead of 1.6, and 60 compiles 4.6 instead of
      // 8.8; from the 200th to the 400th compile the two cost the same. Its threads' time also
      // counted against the learner's compile (the CPU limit is the process's).
      "-XX:TieredStopAtLevel=1",
      `-Xmx${this.limits.heapMb}m`,
      "-XX:+ExitOnOutOfMemoryError",
      "-XX:-UsePerfData",
      "-cp",
      this.helperDir,
      HELPER_CLASS,
    ];
    // A per-file size limit backs up the helper's own count of class bytes.
    const argv = PRLIMIT ? [PRLIMIT, `--fsize=${this.limits.outputBytes}`, "--core=0", "--", ...java] : java;
    this.starts++;
    return new Promise((resolve, reject) => {
      const child = spawn(argv[0] as string, argv.slice(1), { stdio: ["pipe", "pipe", "pipe"], cwd: this.helperDir });
      let ready = false;
      const lines = createInterface({ input: child.stdout });
      lines.on("line", (line) => {
        if (!ready) {
          if (line === "READY") {
            ready = true;
            resolve(child);
          }
          return;
        }
        // Only the protocol's answers: the JVM itself may print (e.g. before exiting on OOM).
        if (!/^(OK|ERR |LIMIT )/.test(line)) return;
        const p = this.pending;
        if (p?.child !== child) return;
        this.pending = undefined;
        p.answer(line);
      });
      child.stderr.resume();
      child.stdin.on("error", () => undefined);
      child.on("error", (err) => {
        if (!ready) reject(err);
      });
      child.on("exit", (code) => {
        if (this.child === child) this.child = undefined;
        if (!ready) reject(new Error("compiler helper exited during start-up"));
        const p = this.pending;
        if (p?.child !== child) return;
        this.pending = undefined;
        // -XX:+ExitOnOutOfMemoryError exits with status 3.
        p.answer(code === 3 ? "EXIT oom" : "EXIT");
      });
    });
  }

  /** Sends one job to `child`; resolves with its answer, or TIME when it goes over a time limit. */
  private ask(
    child: ChildProcessWithoutNullStreams,
    release: number,
    sourceFile: string,
    outDir: string,
    limits: CompileLimits,
    extraClasspath?: string,
  ): Promise<string> {
    const pid = child.pid;
    if (pid === undefined || child.exitCode !== null) return Promise.resolve("EXIT");
    const cpuAtStart = cpuTimeMs(pid) ?? 0;
    return new Promise<string>((resolve) => {
      const stop = (why: string) => {
        clearTimeout(timer);
        clearInterval(watch);
        this.pending = undefined;
        resolve(why);
      };
      const timer = setTimeout(() => stop("TIME"), limits.wallMs);
      // The process's CPU time for this job: javac uses more than one thread (JIT, GC).
      const watch = setInterval(() => {
        const now = cpuTimeMs(pid);
        if (now !== undefined && now - cpuAtStart > limits.cpuSeconds * 1000) stop("TIME");
      }, 100);
      this.pending = {
        child,
        answer: (l) => {
          clearTimeout(timer);
          clearInterval(watch);
          resolve(l);
        },
      };
      const extra = extraClasspath ? `\t${extraClasspath}` : "";
      child.stdin.write(`${release}\t${sourceFile}\t${outDir}\t${limits.outputBytes}${extra}\n`);
    });
  }

  /** Kills the process (it went over a limit) and starts a fresh one in the background. */
  private recycle(child: ChildProcessWithoutNullStreams): void {
    if (this.child === child) this.child = undefined;
    child.kill("SIGKILL");
    if (!this.closed) this.start().catch(() => undefined);
  }

  /** Compiles `sourceFile` (whose name matches its public class) into `outDir`, within `limits`. */
  async compile(
    release: number,
    sourceFile: string,
    outDir: string,
    limits = this.limits,
    extraClasspath?: string,
  ): Promise<CompileOutcome> {
    await this.start();
    const child = this.child;
    if (!child) return { ok: false, diagnostics: compileLimitMessage.crashed() };
    const line = await this.ask(child, release, sourceFile, outDir, limits, extraClasspath);
    if (line === "OK") {
      if (directoryBytes(outDir) <= limits.outputBytes) return { ok: true };
      return { ok: false, diagnostics: compileLimitMessage.output(limits) };
    }
    if (line.startsWith("ERR ")) {
      return { ok: false, diagnostics: capDiagnostics(Buffer.from(line.slice(4), "base64").toString("utf8")) };
    }
    // The helper stopped this compile itself at the output limit: the process is fine.
    if (line === "LIMIT output") return { ok: false, diagnostics: compileLimitMessage.output(limits) };
    // Over the time or memory limit, or the process died: it is replaced.
    this.recycle(child);
    if (line === "TIME") return { ok: false, diagnostics: compileLimitMessage.time(limits) };
    if (line === "EXIT oom") return { ok: false, diagnostics: compileLimitMessage.memory(limits) };
    return { ok: false, diagnostics: compileLimitMessage.crashed() };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.starting?.catch(() => undefined);
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.stdin.end();
        setTimeout(() => child.kill("SIGKILL"), 2000).unref();
      });
    }
  }
}

/**
 * A few warm compilers for one JDK (at least 2), so one slow compile never holds up the others.
 * A job takes an idle one, or waits for the first to come free. If the helper cannot be built or
 * started, every compile spawns javac (under the same limits).
 */
export class CompilerPool {
  private workers: WarmCompiler[] = [];
  private idle: WarmCompiler[] = [];
  private waiting: ((w: WarmCompiler) => void)[] = [];
  private failed = false;
  private warmupDir: string | undefined;

  constructor(
    readonly jdk: Jdk,
    private readonly cacheRoot: string,
    readonly size = 2,
    readonly limits: CompileLimits = DEFAULT_COMPILE_LIMITS,
    /** Where the warm-up compiles write (a process's private folder; the cache may outlive it). */
    private readonly workRoot = cacheRoot,
  ) {}

  get warm(): boolean {
    return this.workers.some((w) => w.warm);
  }

  /** The workers (tests watch them being replaced). */
  get members(): readonly WarmCompiler[] {
    return this.workers;
  }

  /** Builds the helper (cached per JDK) and starts the workers. Resolves false if that failed. */
  async start(): Promise<boolean> {
    try {
      const helperDir = await buildHelper(this.jdk, this.cacheRoot);
      this.warmupDir = mkdtempSync(join(this.workRoot, "warmup-"));
      const warmup = join(this.warmupDir, "KocWarmup.java");
      writeFileSync(warmup, WARMUP_SOURCE);
      this.workers = Array.from(
        { length: Math.max(2, this.size) },
        () => new WarmCompiler(this.jdk, helperDir, this.limits, warmup),
      );
      await Promise.all(this.workers.map((w) => w.start()));
      this.idle = [...this.workers];
      return true;
    } catch {
      this.failed = true;
      await Promise.all(this.workers.map((w) => w.close()));
      this.workers = [];
      return false;
    }
  }

  async compile(
    release: number,
    sourceFile: string,
    outDir: string,
    limits = this.limits,
    extraClasspath?: string,
  ): Promise<CompileOutcome> {
    if (this.failed || this.workers.length === 0)
      return spawnJavac(this.jdk, release, sourceFile, outDir, limits, extraClasspath);
    // A warm one first: a worker just replaced after a limit is still starting its JVM.
    const warmAt = this.idle.findIndex((w) => w.warm);
    const free = this.idle.splice(warmAt >= 0 ? warmAt : 0, 1)[0];
    const worker = free ?? (await new Promise<WarmCompiler>((resolve) => this.waiting.push(resolve)));
    try {
      return await worker.compile(release, sourceFile, outDir, limits, extraClasspath);
    } catch {
      return spawnJavac(this.jdk, release, sourceFile, outDir, limits, extraClasspath);
    } finally {
      const next = this.waiting.shift();
      if (next) next(worker);
      else this.idle.push(worker);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    if (this.warmupDir) rmSync(this.warmupDir, { recursive: true, force: true });
  }
}

/** What a fresh compiler process compiles first: the everyday parts of javac, JIT-compiled. */
const WARMUP_SOURCE = `import java.util.*;
public class KocWarmup {
  interface Shape { double area(); }
  static final class Square implements Shape {
    private final double side;
    Square(double side) { this.side = side; }
    public double area() { return side * side; }
  }
  public static void main(String[] args) {
    List<Shape> shapes = new ArrayList<Shape>();
    for (int i = 0; i < 3; i++) shapes.add(new Square(i));
    double total = 0;
    for (Shape s : shapes) total += s.area();
    Map<String, Integer> counts = new HashMap<String, Integer>();
    counts.put("squares", shapes.size());
    System.out.println("Hello " + total + " " + counts);
  }
}
`;
