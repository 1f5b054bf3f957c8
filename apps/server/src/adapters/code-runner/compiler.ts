import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { HELPER_CLASS, HELPER_SOURCE } from "./java-helper.js";
import type { Jdk } from "./jdk.js";

export type CompileOutcome = { ok: true } | { ok: false; diagnostics: string };

const COMPILE_TIMEOUT_MS = 20_000;
const DIAGNOSTICS_LIMIT = 16 * 1024;

function capDiagnostics(text: string): string {
  const t = text.trimEnd();
  return t.length > DIAGNOSTICS_LIMIT ? `${t.slice(0, DIAGNOSTICS_LIMIT)}\n... (more diagnostics cut)` : t;
}

/** Runs a command and collects its output (bounded), killing it after `timeoutMs`. */
export function exec(
  cmd: string,
  args: string[],
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<{ code: number | null; output: string; timedOut: boolean }> {
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
      resolve({ code: null, output: String(err), timedOut });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}

/** One javac process per compile: the fallback when the warm compiler is not available. */
export async function spawnJavac(
  jdk: Jdk,
  release: number,
  sourceFile: string,
  outDir: string,
  timeoutMs = COMPILE_TIMEOUT_MS,
): Promise<CompileOutcome> {
  const r = await exec(
    jdk.javac,
    [
      "-J-Xshare:auto",
      "-J-XX:+UseSerialGC",
      "-J-XX:TieredStopAtLevel=1",
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
      outDir,
      "-sourcepath",
      ".",
      basename(sourceFile),
    ],
    { cwd: dirname(sourceFile), timeoutMs },
  );
  if (r.code === 0) return { ok: true };
  if (r.timedOut) return { ok: false, diagnostics: "Compilation took too long and was stopped." };
  return { ok: false, diagnostics: capDiagnostics(r.output) };
}

/**
 * A long-lived javac (javax.tools) for one JDK, fed one job per line. Compiles are serialised;
 * a compile that hangs kills the process, which restarts on the next job. If the helper cannot
 * be built or started, every compile falls back to spawning javac.
 */
export class WarmCompiler {
  private child: ChildProcessWithoutNullStreams | undefined;
  private pending: ((line: string | null) => void) | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private helperDir: string | undefined;
  private failed = false;
  private closed = false;

  constructor(
    readonly jdk: Jdk,
    private readonly cacheRoot: string,
  ) {}

  get warm(): boolean {
    return this.child !== undefined;
  }

  /** Builds the helper (once per JDK, cached) and starts it. Resolves false if that failed. */
  async start(): Promise<boolean> {
    try {
      this.helperDir = await this.buildHelper();
      await this.spawnHelper();
      return true;
    } catch {
      this.failed = true;
      return false;
    }
  }

  private async buildHelper(): Promise<string> {
    const key = createHash("sha256")
      .update(`${this.jdk.home}\n${this.jdk.major}\n${HELPER_SOURCE}`)
      .digest("hex")
      .slice(0, 16);
    const dir = join(this.cacheRoot, key);
    if (existsSync(join(dir, `${HELPER_CLASS}.class`))) return dir;
    mkdirSync(this.cacheRoot, { recursive: true });
    const work = mkdtempSync(join(this.cacheRoot, "build-"));
    try {
      const src = join(work, `${HELPER_CLASS}.java`);
      writeFileSync(src, HELPER_SOURCE);
      const out = join(work, "classes");
      mkdirSync(out);
      const r = await exec(this.jdk.javac, ["-encoding", "UTF-8", "-d", out, src], { timeoutMs: 60_000 });
      if (r.code !== 0) throw new Error(`cannot compile the compiler helper: ${r.output}`);
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

  private spawnHelper(): Promise<void> {
    const helperDir = this.helperDir;
    if (!helperDir) return Promise.reject(new Error("no helper"));
    return new Promise((resolve, reject) => {
      const child = spawn(
        this.jdk.java,
        ["-Xshare:auto", "-XX:+UseSerialGC", "-Xmx512m", "-XX:-UsePerfData", "-cp", helperDir, HELPER_CLASS],
        { stdio: ["pipe", "pipe", "pipe"], cwd: helperDir },
      );
      let ready = false;
      const lines = createInterface({ input: child.stdout });
      lines.on("line", (line) => {
        if (!ready) {
          if (line === "READY") {
            ready = true;
            this.child = child;
            resolve();
          }
          return;
        }
        const p = this.pending;
        this.pending = undefined;
        p?.(line);
      });
      child.stderr.resume();
      child.stdin.on("error", () => undefined);
      child.on("error", (err) => {
        if (!ready) reject(err);
      });
      child.on("exit", () => {
        if (this.child === child) this.child = undefined;
        if (!ready) reject(new Error("compiler helper exited during start-up"));
        const p = this.pending;
        this.pending = undefined;
        p?.(null);
      });
    });
  }

  /** Compiles `sourceFile` (whose name matches its public class) into `outDir`. */
  compile(
    release: number,
    sourceFile: string,
    outDir: string,
    timeoutMs = COMPILE_TIMEOUT_MS,
  ): Promise<CompileOutcome> {
    const job = this.chain.then(() => this.compileNow(release, sourceFile, outDir, timeoutMs));
    this.chain = job.catch(() => undefined);
    return job;
  }

  private async compileNow(
    release: number,
    sourceFile: string,
    outDir: string,
    timeoutMs: number,
  ): Promise<CompileOutcome> {
    if (this.closed || this.failed || !this.helperDir)
      return spawnJavac(this.jdk, release, sourceFile, outDir, timeoutMs);
    if (!this.child) {
      try {
        await this.spawnHelper();
      } catch {
        return spawnJavac(this.jdk, release, sourceFile, outDir, timeoutMs);
      }
    }
    const child = this.child;
    if (!child) return spawnJavac(this.jdk, release, sourceFile, outDir, timeoutMs);
    const line = await new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => {
        this.pending = undefined;
        child.kill("SIGKILL");
        resolve("TIMEOUT");
      }, timeoutMs);
      this.pending = (l) => {
        clearTimeout(timer);
        resolve(l);
      };
      child.stdin.write(`${release}\t${sourceFile}\t${outDir}\n`);
    });
    if (line === "OK") return { ok: true };
    if (line === "TIMEOUT") return { ok: false, diagnostics: "Compilation took too long and was stopped." };
    if (line?.startsWith("ERR ")) {
      return { ok: false, diagnostics: capDiagnostics(Buffer.from(line.slice(4), "base64").toString("utf8")) };
    }
    // The helper died mid-job: compile this one the slow way.
    return spawnJavac(this.jdk, release, sourceFile, outDir, timeoutMs);
  }

  async close(): Promise<void> {
    this.closed = true;
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
