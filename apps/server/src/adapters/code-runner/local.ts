import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { UnavailableError, UnsupportedError } from "../../errors.js";
import { runCasesWithin } from "./cases.js";
import { detectRunCeiling, type RunCgroup } from "./cgroup.js";
import { detectEntry } from "./class-name.js";
import { type CompileLimits, CompilerPool, DEFAULT_COMPILE_LIMITS, spawnJavac, spawnJavacFiles } from "./compiler.js";
import { discoverJdks, type Jdk } from "./jdk.js";
import { SandboxLauncher } from "./launcher.js";
import { JobQueue } from "./queue.js";
import {
  DEFAULT_LIMITS,
  detectSandbox,
  jvmArgs,
  RLIMIT_FALLBACK_PROCESSES,
  runSandboxed,
  SANDBOX_UID,
  SANDBOX_UID_FLOOR,
  type Sandbox,
  type SandboxLimits,
  sandboxUid,
} from "./sandbox.js";
import {
  type CaseRun,
  type CodeRunner,
  isProjectTest,
  JAVA_VERSIONS,
  type JavaProject,
  type JavaVersion,
  LANGUAGE_NAME,
  releaseOf,
  SUBMISSION_WALL_MS,
  versionMap,
} from "./types.js";
import { createTestRunner } from "./unit-tests.js";

export interface LocalRunnerOptions {
  jdks?: Jdk[];
  limits?: Partial<SandboxLimits>;
  /** Runs at once (default 2); more wait, up to maxWaiting (default 16, half of them for visitors), then 429. */
  concurrency?: number;
  maxWaiting?: number;
  /** Where the compiled compiler helper is cached (default: this process's private folder); kept between starts. */
  cacheDir?: string;
  /** Set false to spawn javac for every compile (the benchmark's cold path). */
  warmCompiler?: boolean;
  /** Limits of one compile (CPU, wall time, compiler heap, class output). */
  compileLimits?: Partial<CompileLimits>;
  /** Warm compilers per JDK (at least 2, the default). */
  compilers?: number;
  /** One submission's wall-clock budget, all cases together (default SUBMISSION_WALL_MS). */
  submissionWallMs?: number;
  /** "rlimits" skips the cgroups even where the host has them (tests of the fallback). */
  ceiling?: "rlimits";
  /**
   * The uid of the first slot (default 65534, nobody); slot n runs as base - n. Runners that share a
   * host at the same time need bases at least `concurrency` apart.
   */
  uidBase?: number;
}

interface Target {
  jdk: Jdk;
  compiler: CompilerPool;
}

/** What to install for a version no JDK here can target. */
export function installHint(version: JavaVersion): string {
  const n = releaseOf(version);
  if (n === 7) {
    return "Java 7 needs a JDK from 9 to 19 (javac --release 7), e.g. apt-get install openjdk-17-jdk-headless.";
  }
  return `Java ${n} needs JDK ${n} or newer (javac --release ${n}), e.g. apt-get install openjdk-${Math.max(n, 17)}-jdk-headless or Temurin ${n}.`;
}

const PROBE_CLASS = "KocProbe";

/**
 * The interpreters trials run with. The sandbox shows only /usr (read-only), so only binaries
 * below it count: Debian's python3, and the node running this server or the system's.
 */
export function findInterpreters(): { python?: string; javascript?: string } {
  const python = ["/usr/bin/python3", "/usr/local/bin/python3"].find((p) => existsSync(p));
  const javascript = [process.execPath, "/usr/bin/node", "/usr/local/bin/node"].find(
    (p) => p.startsWith("/usr/") && existsSync(p),
  );
  return { ...(python ? { python } : {}), ...(javascript ? { javascript } : {}) };
}

/** The file a Python or JavaScript trial is saved as (inside /app in the sandbox). */
const SCRIPT_FILE = { python: "main.py", javascript: "main.js" } as const;

const PRIVATE_PREFIX = "koc-runner-";

/**
 * This process's private folder in the system temp folder: a fresh mkdtemp name (unpredictable,
 * owned by us) with mode 0711, so other users can neither list it nor create anything in it, while
 * the sandbox user can still reach the run folders below it by their (also random) names. It holds
 * the compiler helper (0700) and the run folders, and is removed at close.
 */
function createPrivateRoot(): string {
  removeAbandonedRoots();
  const root = mkdtempSync(join(tmpdir(), PRIVATE_PREFIX));
  chmodSync(root, 0o711);
  writeFileSync(join(root, "owner.pid"), String(process.pid), { mode: 0o600 });
  return root;
}

/** Private folders of our own processes that are gone (killed before they could clean up). */
function removeAbandonedRoots(): void {
  const uid = process.getuid?.();
  let names: string[] = [];
  try {
    names = readdirSync(tmpdir()).filter((n) => n.startsWith(PRIVATE_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(tmpdir(), name);
    try {
      const st = lstatSync(path);
      if (!st.isDirectory() || st.uid !== uid) continue;
      const pid = Number(readFileSync(join(path, "owner.pid"), "utf8"));
      if (!Number.isInteger(pid) || pid <= 0 || isAlive(pid)) continue;
      rmSync(path, { recursive: true, force: true });
    } catch {
      // not ours, or removed meanwhile
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** What a local runner runs with: the sandbox, the limits, its private folders and a warm compiler per Java version. */
interface LocalEnvironment {
  sandbox: Sandbox;
  ceiling: ReturnType<typeof detectRunCeiling>;
  /** The limits of a run in its own cgroup, and of one that falls back to rlimits alone. */
  limits: SandboxLimits;
  fallbackLimits: SandboxLimits;
  privateRoot: string;
  workRoot: string;
  targets: Map<JavaVersion, Target>;
  /** The warm compilers kept (those of a JDK that serves some version). */
  compilers: Set<CompilerPool>;
  /** Starts the runs, from a process small enough to fork fast (decision 0034). */
  launcher: SandboxLauncher;
}

/**
 * Compiles with the installed JDKs and runs only inside bubblewrap. Resolves undefined (with the
 * reason) when no JDK or no working sandbox is found; `missing` when a JDK or bubblewrap is not
 * installed at all, as against one that did not start (which a later try may get past).
 */
export async function createLocalRunner(
  options: LocalRunnerOptions = {},
): Promise<{ runner?: CodeRunner; reason?: string; missing?: true }> {
  const uidBase = options.uidBase ?? SANDBOX_UID;
  const lowest = uidBase - (options.concurrency ?? 2) + 1;
  if (!Number.isInteger(uidBase) || uidBase > SANDBOX_UID || lowest < SANDBOX_UID_FLOOR) {
    throw new Error(
      `RUNNER_UID_BASE ${uidBase} gives its slots uids down to ${lowest}: they must stay within ${SANDBOX_UID_FLOOR}..${SANDBOX_UID}`,
    );
  }
  const prepared = await prepareLocalEnvironment(options);
  if (!prepared.env) return { reason: prepared.reason, ...(prepared.missing ? { missing: true as const } : {}) };
  return { runner: localRunner(prepared.env, options) };
}

/**
 * Finds the JDKs and the sandbox, sets the limits, creates the private folders and starts a pool of
 * warm compilers per JDK, keeping the oldest JDK that can target each Java version.
 */
async function prepareLocalEnvironment(
  options: LocalRunnerOptions,
): Promise<
  | { env: LocalEnvironment; reason?: undefined; missing?: undefined }
  | { env?: undefined; reason: string; missing?: true }
> {
  const jdks = options.jdks ?? discoverJdks();
  if (jdks.length === 0) {
    return {
      reason: "no JDK found (JAVA_HOME, /usr/lib/jvm): apt-get install openjdk-17-jdk-headless",
      missing: true,
    };
  }
  const firstJdk = jdks[0] as Jdk;
  const { sandbox, reason, missing } = await detectSandbox(firstJdk);
  if (!sandbox) return { reason: reason ?? "no sandbox", ...(missing ? { missing } : {}) };
  const ceiling = detectRunCeiling(options.ceiling);
  const configured: SandboxLimits = { ...DEFAULT_LIMITS, ...options.limits };
  // Without a cgroup the process limit is all that bounds a run's processes: a much lower one.
  const fallbackLimits: SandboxLimits = {
    ...configured,
    processes: Math.min(configured.processes, RLIMIT_FALLBACK_PROCESSES),
  };
  const limits = ceiling.mode === "rlimits" ? fallbackLimits : configured;
  const compileLimits: CompileLimits = { ...DEFAULT_COMPILE_LIMITS, ...options.compileLimits };
  const privateRoot = createPrivateRoot();
  const cacheDir = options.cacheDir ?? join(privateRoot, "javac-helper");
  const workRoot = join(privateRoot, "runs");
  mkdirSync(workRoot, { mode: 0o711 });
  chmodSync(workRoot, 0o711);

  const compilers = await Promise.all(
    jdks.map(async (jdk) => {
      const compiler = new CompilerPool(jdk, cacheDir, options.compilers ?? 2, compileLimits, privateRoot);
      if (options.warmCompiler !== false) await compiler.start();
      return compiler;
    }),
  );
  const targets = await probeTargets(compilers, workRoot, compileLimits);
  // A JDK that serves no version needs no warm compiler.
  const used = new Set([...targets.values()].map((t) => t.compiler));
  await Promise.all(compilers.filter((c) => !used.has(c)).map((c) => c.close()));
  if (targets.size === 0) {
    rmSync(privateRoot, { recursive: true, force: true });
    ceiling.close();
    return { reason: `no installed JDK compiles (${jdks.map((j) => j.home).join(", ")})` };
  }
  const launcher = new SandboxLauncher();
  try {
    await launcher.start();
  } catch (error) {
    await Promise.all([...used].map((c) => c.close()));
    rmSync(privateRoot, { recursive: true, force: true });
    ceiling.close();
    return { reason: `the sandbox launcher did not start (${(error as Error).message})` };
  }
  return {
    env: { sandbox, ceiling, limits, fallbackLimits, privateRoot, workRoot, targets, compilers: used, launcher },
  };
}

/** Probes each JDK's compiler with a tiny compile per release: the oldest JDK that can target a version serves it. */
async function probeTargets(
  compilers: CompilerPool[],
  workRoot: string,
  compileLimits: CompileLimits,
): Promise<Map<JavaVersion, Target>> {
  const probeDir = mkdtempSync(join(workRoot, "probe-"));
  const targets = new Map<JavaVersion, Target>();
  try {
    const probeSource = join(probeDir, `${PROBE_CLASS}.java`);
    writeFileSync(probeSource, `public class ${PROBE_CLASS} { public static void main(String[] a) {} }\n`);
    await Promise.all(
      compilers.map(async (compiler) => {
        for (const version of JAVA_VERSIONS) {
          const out = join(probeDir, `${compiler.jdk.major}-${version}`);
          mkdirSync(out);
          // A cold compiler on a busy machine can be slow: allow it time, and only a javac that
          // rejects the release counts as "cannot target"; any other failure is asked again of a
          // plain javac.
          const patient = { ...compileLimits, wallMs: 120_000, cpuSeconds: 120 };
          let r = await compiler.compile(releaseOf(version), probeSource, out, patient);
          if (!r.ok && !/release version \d+ not supported/i.test(r.diagnostics)) {
            r = await spawnJavac(compiler.jdk, releaseOf(version), probeSource, out, patient);
          }
          if (r.ok) {
            const current = targets.get(version);
            // Oldest JDK that can target the version wins (the list is sorted oldest first).
            if (!current || current.jdk.major > compiler.jdk.major)
              targets.set(version, { jdk: compiler.jdk, compiler });
          }
        }
      }),
    );
  } finally {
    rmSync(probeDir, { recursive: true, force: true });
  }
  return targets;
}

/** The runner over a prepared environment: a queue of sandboxed runs, compiled with its warm compilers. */
function localRunner(env: LocalEnvironment, options: LocalRunnerOptions) {
  const { sandbox, ceiling, limits, fallbackLimits, privateRoot, workRoot, targets, compilers: used, launcher } = env;
  const uidBase = options.uidBase ?? SANDBOX_UID;
  const queue = new JobQueue(options.concurrency ?? 2, options.maxWaiting ?? 16);
  const interpreters = findInterpreters();
  const anyJdk = ([...targets.values()][0] as Target).jdk;

  /** One program in a fresh sandbox (and a fresh cgroup where the host allows them). */
  async function runOnce(
    jdk: Jdk,
    slot: number,
    appDir: string,
    argv: string[],
    stdin: string | undefined,
    wallMs = limits.wallMs,
  ) {
    let cgroup: RunCgroup | undefined;
    try {
      cgroup = ceiling.create({ memoryBytes: limits.memoryBytes, pids: limits.processes });
    } catch {
      cgroup = undefined; // this run falls back to the lower process limit
    }
    try {
      return await runSandboxed(
        launcher,
        sandbox,
        { jdk, classesDir: appDir, uid: sandboxUid(slot, uidBase), argv, cgroup },
        { ...(cgroup ? limits : fallbackLimits), wallMs },
        stdin,
      );
    } finally {
      // The run is over (its pid 1 is gone, so is everything else): the answer need not wait.
      cgroup?.remove().catch(() => undefined);
    }
  }

  const toCase = (r: {
    stdout: string;
    stderr: string;
    exitCode: number | null;
    timedOut: boolean;
    truncated: boolean;
  }): CaseRun => ({
    stdout: r.stdout,
    stderr: r.stderr,
    exitCode: r.exitCode,
    timedOut: r.timedOut,
    truncated: r.truncated,
  });
  /** The JDK and warm compiler for a version; a version no installed JDK can target is refused. */
  function javaTarget(version: JavaVersion): Target {
    const target = targets.get(version);
    if (!target) {
      throw new UnsupportedError(
        `Java ${releaseOf(version)} is not available on this server: no installed JDK can target it. ${installHint(version)}`,
      );
    }
    return target;
  }

  /** Writes the learner's source into `dir` (src/, and classes/ readable by the sandbox) and compiles it once. */
  async function compileJava(target: Target, version: JavaVersion, code: string, dir: string) {
    chmodSync(dir, 0o711);
    const entry = detectEntry(code);
    const src = join(dir, "src");
    const classes = join(dir, "classes");
    mkdirSync(src);
    mkdirSync(classes, { mode: 0o755 });
    chmodSync(classes, 0o755);
    const sourceFile = join(src, `${entry.fileClass}.java`);
    writeFileSync(sourceFile, code);
    const compiled = await target.compiler.compile(releaseOf(version), sourceFile, classes);
    return { compiled, classes, entry };
  }

  /**
   * A multi-file project (docs/decisions/0032): every program file under src/ (the learner's own
   * tests aside), compiled together by one javac into classes/.
   */
  async function compileProject(target: Target, version: JavaVersion, project: JavaProject, dir: string) {
    chmodSync(dir, 0o711);
    const src = join(dir, "src");
    const classes = join(dir, "classes");
    mkdirSync(src);
    mkdirSync(classes, { mode: 0o755 });
    chmodSync(classes, 0o755);
    const paths = writeProjectFiles(
      src,
      project.files.filter((f) => !isProjectTest(f.path)),
    );
    const compiled = await spawnJavacFiles(target.jdk, releaseOf(version), src, paths, classes);
    return { compiled, classes, entry: { mainClass: project.mainClass } };
  }

  const runTests = createTestRunner({
    workRoot,
    heapMb: limits.heapMb,
    jvmArgs: jvmArgs(limits),
    interpreters,
    javaTarget: (version) => {
      const target = javaTarget(version);
      return {
        jdk: target.jdk,
        compile: (release, source, outDir, _limits, extra) =>
          target.compiler.compile(release, source, outDir, undefined, extra),
      };
    },
    compileLearner: async (version, code, dir, project) => {
      const target = javaTarget(version);
      const { compiled, classes } = project
        ? await compileProject(target, version, project, dir)
        : await compileJava(target, version, code, dir);
      return { compiled, classes };
    },
    compileFiles: (version, root, files, outDir, extra) =>
      spawnJavacFiles(javaTarget(version).jdk, releaseOf(version), root, files, outDir, undefined, extra),
    anyJdk,
    runInSandbox: async (jdk, appDir, argv, stdin, slot) => toCase(await runOnce(jdk, slot, appDir, argv, stdin)),
    readable: readableBySandbox,
  });

  const runner: CodeRunner & { sandbox: Sandbox; targets: Map<JavaVersion, Target>; workRoot: string } = {
    engine: "local",
    sandbox,
    targets,
    workRoot,
    async status() {
      return {
        engine: "local",
        versions: versionMap((v) => targets.has(v)),
        limits: {
          ceiling: ceiling.mode,
          memoryMb: ceiling.mode === "rlimits" ? null : Math.round(limits.memoryBytes / (1024 * 1024)),
          processes: limits.processes,
        },
      };
    },
    async run(job) {
      const target = javaTarget(job.version);
      return queue.run(async (slot) => {
        const dir = mkdtempSync(join(workRoot, "run-"));
        try {
          const started = performance.now();
          const { compiled, classes, entry } = await compileJava(target, job.version, job.code, dir);
          if (!compiled.ok) {
            return {
              stdout: "",
              stderr: "",
              exitCode: null,
              compileError: compiled.diagnostics,
              timeMs: Math.round(performance.now() - started),
              timedOut: false,
              truncated: false,
            };
          }
          readableBySandbox(classes);
          return await runOnce(
            target.jdk,
            slot,
            classes,
            [target.jdk.java, ...jvmArgs(limits), "-cp", "/app", entry.mainClass],
            job.stdin,
          );
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }, job.owner?.visitor);
    },
    async runCases(job) {
      const budgetMs = options.submissionWallMs ?? SUBMISSION_WALL_MS;
      if (job.language === "java") {
        const target = javaTarget(job.version);
        return queue.run(async (slot) => {
          const dir = mkdtempSync(join(workRoot, "cases-"));
          try {
            // Compiled once; every case then runs the same classes in a fresh sandbox.
            const { compiled, classes, entry } = job.project
              ? await compileProject(target, job.version, job.project, dir)
              : await compileJava(target, job.version, job.code, dir);
            if (!compiled.ok) return { compileError: compiled.diagnostics, runs: [] };
            readableBySandbox(classes);
            const argv = [target.jdk.java, ...jvmArgs(limits), "-cp", "/app", entry.mainClass];
            const runs = await runCasesWithin(job.stdins, budgetMs, limits.wallMs, async (stdin, wallMs) =>
              toCase(await runOnce(target.jdk, slot, classes, argv, stdin, wallMs)),
            );
            return { runs };
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        }, job.owner?.visitor);
      }
      const language = job.language;
      // SQL runs in the PGlite pool (sql-runner/with-sql.ts), never in this sandbox.
      if (language === "sql") throw new UnsupportedError("SQL is not run in the program sandbox.");
      const interpreter = interpreters[language];
      if (!interpreter) {
        throw new UnavailableError(
          `${LANGUAGE_NAME[job.language]} trials cannot be graded on this server: ${job.language === "python" ? "python3 (apt-get install python3)" : "Node.js below /usr"} is not installed.`,
        );
      }
      return queue.run(async (slot) => {
        const dir = mkdtempSync(join(workRoot, "cases-"));
        try {
          chmodSync(dir, 0o711);
          const app = join(dir, "app");
          mkdirSync(app, { mode: 0o755 });
          writeFileSync(join(app, SCRIPT_FILE[language]), job.code);
          readableBySandbox(app);
          const script = `/app/${SCRIPT_FILE[language]}`;
          // Isolated Python (no user site, no environment), no .pyc writes; Node's heap like Java's.
          const argv =
            language === "python"
              ? [interpreter, "-I", "-B", script]
              : [interpreter, `--max-old-space-size=${limits.heapMb}`, script];
          const runs = await runCasesWithin(job.stdins, budgetMs, limits.wallMs, async (stdin, wallMs) =>
            toCase(await runOnce(anyJdk, slot, app, argv, stdin, wallMs)),
          );
          return { runs };
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }, job.owner?.visitor);
    },
    async runTests(job) {
      // A version no JDK here targets is refused before the job waits for a slot.
      if (job.language === "java") javaTarget(job.version);
      return queue.run((slot) => runTests(job, slot), job.owner?.visitor);
    },
    async close() {
      await Promise.all([...used].map((c) => c.close()));
      await launcher.close();
      rmSync(privateRoot, { recursive: true, force: true });
      ceiling.close();
    },
  };
  return runner;
}

/** Writes a project's files below `root` (their paths were validated: Java names and "/" only); their paths. */
export function writeProjectFiles(root: string, files: { path: string; code: string }[]): string[] {
  for (const f of files) {
    mkdirSync(dirname(join(root, f.path)), { recursive: true });
    writeFileSync(join(root, f.path), f.code);
  }
  return files.map((f) => f.path);
}

/**
 * The compiler writes class files with the server's umask (077 since DATA_DIR is kept private), but
 * the program runs as the unprivileged sandbox user: let it read (never write) what it is to run.
 */
function readableBySandbox(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) readableBySandbox(path);
    else if (entry.isFile()) chmodSync(path, 0o644);
  }
}
