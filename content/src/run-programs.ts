/** Runs small programs for the content tests: Java through the JDK, Python through CPython, JavaScript through Node. */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { contentRoot } from "./paths.js";

export const has = (cmd: string, arg = "--version") => spawnSync(cmd, [arg], { stdio: "ignore" }).status === 0;

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
 * Compiles each directory's .java files with javac --release 17 in one warm JVM (tools/CompileAll.java);
 * resolves the directories that failed.
 */
export function compileJava(dirs: string[], java = "java", release = 17): Set<string> {
  if (dirs.length === 0) return new Set();
  const out = execFileSync(java, [join(contentRoot, "tools", "CompileAll.java"), `--release=${release}`, ...dirs], {
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
  if (lang === "java")
    return [java, ["-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", dir, entry]];
  if (lang === "python") return ["python3", [join(dir, entry)]];
  return ["node", [join(dir, entry)]];
}
