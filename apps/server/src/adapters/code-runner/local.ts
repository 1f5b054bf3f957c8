import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HttpError } from "../../errors.js";
import { detectEntry } from "./class-name.js";
import { spawnJavac, WarmCompiler } from "./compiler.js";
import { discoverJdks, type Jdk } from "./jdk.js";
import { JobQueue } from "./queue.js";
import {
  DEFAULT_LIMITS,
  detectSandbox,
  jvmArgs,
  runSandboxed,
  type Sandbox,
  type SandboxLimits,
  sandboxUid,
} from "./sandbox.js";
import { type CodeRunner, JAVA_VERSIONS, type JavaVersion, releaseOf, versionMap } from "./types.js";

export interface LocalRunnerOptions {
  jdks?: Jdk[];
  limits?: Partial<SandboxLimits>;
  /** Runs at once (default 2); more wait, up to maxWaiting (default 16), then 503. */
  concurrency?: number;
  maxWaiting?: number;
  /** Where the compiled compiler helper is cached (default: <os tmpdir>/koc-javac-helper). */
  cacheDir?: string;
  /** Set false to spawn javac for every compile (the benchmark's cold path). */
  warmCompiler?: boolean;
}

interface Target {
  jdk: Jdk;
  compiler: WarmCompiler;
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

/** Run folders left by a process that died mid-run (other instances may share the folder: only old ones). */
function removeStaleRuns(workRoot: string): void {
  const cutoff = Date.now() - 10 * 60_000;
  try {
    for (const name of readdirSync(workRoot)) {
      const path = join(workRoot, name);
      try {
        if (statSync(path).mtimeMs < cutoff) rmSync(path, { recursive: true, force: true });
      } catch {
        // removed meanwhile
      }
    }
  } catch {
    // unreadable: nothing to clean
  }
}

/**
 * Compiles with the installed JDKs and runs only inside bubblewrap. Resolves undefined (with the
 * reason) when no JDK or no working sandbox is found.
 */
export async function createLocalRunner(
  options: LocalRunnerOptions = {},
): Promise<{ runner?: CodeRunner; reason?: string }> {
  const jdks = options.jdks ?? discoverJdks();
  if (jdks.length === 0) {
    return { reason: "no JDK found (JAVA_HOME, /usr/lib/jvm): apt-get install openjdk-17-jdk-headless" };
  }
  const firstJdk = jdks[0] as Jdk;
  const { sandbox, reason } = await detectSandbox(firstJdk);
  if (!sandbox) return { reason: reason ?? "no sandbox" };
  const limits: SandboxLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const cacheDir = options.cacheDir ?? join(tmpdir(), "koc-javac-helper");
  const workRoot = join(tmpdir(), "koc-runs");
  mkdirSync(workRoot, { recursive: true, mode: 0o711 });
  chmodSync(workRoot, 0o711);
  removeStaleRuns(workRoot);

  // One warm compiler per JDK; probe each release with a tiny compile.
  const compilers = await Promise.all(
    jdks.map(async (jdk) => {
      const compiler = new WarmCompiler(jdk, cacheDir);
      if (options.warmCompiler !== false) await compiler.start();
      return compiler;
    }),
  );
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
          let r = await compiler.compile(releaseOf(version), probeSource, out, 120_000);
          if (!r.ok && !/release version \d+ not supported/i.test(r.diagnostics)) {
            r = await spawnJavac(compiler.jdk, releaseOf(version), probeSource, out, 120_000);
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
  // A JDK that serves no version needs no warm compiler.
  const used = new Set([...targets.values()].map((t) => t.compiler));
  await Promise.all(compilers.filter((c) => !used.has(c)).map((c) => c.close()));
  if (targets.size === 0) {
    return { reason: `no installed JDK compiles (${jdks.map((j) => j.home).join(", ")})` };
  }

  const queue = new JobQueue(options.concurrency ?? 2, options.maxWaiting ?? 16);
  const runner: CodeRunner & { sandbox: Sandbox; targets: Map<JavaVersion, Target> } = {
    engine: "local",
    sandbox,
    targets,
    async status() {
      return { engine: "local", versions: versionMap((v) => targets.has(v)) };
    },
    async run(job) {
      const target = targets.get(job.version);
      if (!target) {
        throw new HttpError(
          422,
          `Java ${releaseOf(job.version)} is not available on this server: no installed JDK can target it. ${installHint(job.version)}`,
        );
      }
      return queue.run(async (slot) => {
        const dir = mkdtempSync(join(workRoot, "run-"));
        try {
          chmodSync(dir, 0o711);
          const entry = detectEntry(job.code);
          const src = join(dir, "src");
          const classes = join(dir, "classes");
          mkdirSync(src);
          mkdirSync(classes, { mode: 0o755 });
          chmodSync(classes, 0o755);
          const sourceFile = join(src, `${entry.fileClass}.java`);
          writeFileSync(sourceFile, job.code);
          const started = performance.now();
          const compiled = await target.compiler.compile(releaseOf(job.version), sourceFile, classes);
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
          const outcome = await runSandboxed(
            sandbox,
            {
              jdk: target.jdk,
              classesDir: classes,
              uid: sandboxUid(slot),
              argv: [target.jdk.java, ...jvmArgs(limits), "-cp", "/app", entry.mainClass],
            },
            limits,
            job.stdin,
          );
          return outcome;
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    },
    async close() {
      await Promise.all([...used].map((c) => c.close()));
    },
  };
  return { runner };
}
