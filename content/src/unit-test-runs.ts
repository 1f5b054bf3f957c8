/**
 * Runs the trials' hidden unit tests for the content checks, with the same harnesses the server
 * uses (outside the sandbox: the code is our own). Java suites share one warm JVM per release (one
 * class loader each) until a test times out; Python and JavaScript run a process per suite. Each
 * suite's outcome is cached by a hash of everything that decides it, in content/.cache
 * (gitignored), so an unchanged trial is not run again.
 */
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  JAVA_HARNESS_CLASS,
  JAVA_HARNESS_SOURCE,
  nodeReporterSource,
  PYTHON_HARNESS_SOURCE,
  parseHarnessOutput,
  TEST_FILES,
} from "@koc/shared/unit-tests";
import { contentRoot } from "./paths.js";
import { compileJava, mapLimit, PARALLEL_RUNS, PYTHON, QUICK_JVM_FLAGS, runProcess } from "./run-programs.js";
import type { ExerciseEntry, TrialFile } from "./schema.js";

export const JUNIT_JAR = "/usr/share/java/junit-platform-console-standalone.jar";

/** One program (reference, starter or wrong solution) against a trial's tests. */
export interface Suite {
  exercise: ExerciseEntry;
  role: "solution" | "starter" | "wrong";
  code: string;
  /** A multi-file project: every file (its own tests under src/test/java too), compiled together. */
  files?: TrialFile[];
}

/** Each test's status by name, or why none ran. */
export interface SuiteOutcome {
  statuses: Record<string, "passed" | "failed" | "timedOut">;
  problem?: string;
}

const CACHE_DIR = join(contentRoot, ".cache", "unit-tests");
const HARNESS_VERSION = createHash("sha256")
  .update(JAVA_HARNESS_SOURCE + PYTHON_HARNESS_SOURCE + nodeReporterSource(""))
  .digest("hex");

function cacheKey(s: Suite, java?: string): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        HARNESS_VERSION,
        s.exercise.language,
        s.exercise.release ?? 17,
        java ?? "",
        s.code,
        s.files?.map((f) => [f.path, f.code]) ?? null,
        s.exercise.tests?.code,
      ]),
    )
    .digest("hex");
}

function readCache(key: string): SuiteOutcome | undefined {
  try {
    return JSON.parse(readFileSync(join(CACHE_DIR, `${key}.json`), "utf8")) as SuiteOutcome;
  } catch {
    return undefined;
  }
}

function writeCache(key: string, outcome: SuiteOutcome): void {
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(join(CACHE_DIR, `${key}.json`), JSON.stringify(outcome));
}

function toOutcome(
  names: string[],
  report: ReturnType<typeof parseHarnessOutput>["suites"] extends Map<number, infer R> ? R | undefined : never,
): SuiteOutcome {
  if (report?.loadError) {
    return {
      statuses: {},
      problem: `the tests did not load: ${report.loadError.errorClass} ${report.loadError.message}`,
    };
  }
  const statuses: SuiteOutcome["statuses"] = {};
  for (const name of names) statuses[name] = report?.results.get(name)?.status ?? "failed";
  return { statuses };
}

/**
 * Java suites of one release: one compiler JVM compiles each (program + tests) in its folder, then
 * the suites run in one JVM (one class loader each) until a test runs past a time limit. Such a
 * test keeps computing after it has failed, so the harness then ends that JVM, and the suites after
 * it run in a fresh one.
 */
export function runJava(suites: Suite[], java: string, release: number): SuiteOutcome[] {
  const root = mkdtempSync(join(tmpdir(), "koc-junit-"));
  try {
    const harness = join(root, "harness");
    mkdirSync(harness);
    writeFileSync(join(harness, `${JAVA_HARNESS_CLASS}.java`), JAVA_HARNESS_SOURCE);
    const dirs = suites.map((s, i) => {
      const dir = join(root, String(i));
      mkdirSync(dir);
      if (s.files) {
        for (const f of s.files.filter((f) => !f.readOnly)) {
          mkdirSync(dirname(join(dir, f.path)), { recursive: true });
          writeFileSync(join(dir, f.path), f.code);
        }
      } else writeFileSync(join(dir, "Main.java"), s.code);
      writeFileSync(join(dir, `${s.exercise.tests?.className}.java`), s.exercise.tests?.code ?? "");
      return dir;
    });
    const failed = compileJava([harness, ...dirs], java, release, JUNIT_JAR);
    if (failed.has(harness)) throw new Error("the unit-test harness does not compile");
    const outcomes: SuiteOutcome[] = suites.map(() => ({ statuses: {}, problem: "does not compile with its tests" }));
    let pending = suites.flatMap((_, i) => (failed.has(dirs[i] as string) ? [] : [i]));
    while (pending.length > 0) {
      const nonce = randomBytes(8).toString("hex");
      const out = execFileSync(
        java,
        [
          ...QUICK_JVM_FLAGS,
          "-cp",
          `${harness}:${JUNIT_JAR}`,
          JAVA_HARNESS_CLASS,
          ...pending.flatMap((i) => [dirs[i] as string, suites[i]?.exercise.tests?.className ?? ""]),
        ],
        { input: `${nonce}\n`, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, stdio: ["pipe", "pipe", "pipe"] },
      );
      const { suites: report, done } = parseHarnessOutput(out, nonce);
      const reached = done ? pending.length : Math.max(-1, ...report.keys()) + 1;
      pending.slice(0, reached).forEach((i, at) => {
        outcomes[i] = toOutcome(suites[i]?.exercise.tests?.names ?? [], report.get(at));
      });
      if (reached === 0) {
        for (const i of pending) outcomes[i] = { statuses: {}, problem: "the test JVM ended before the tests ran" };
      }
      pending = reached === 0 ? [] : pending.slice(reached);
    }
    return outcomes;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** One Python or JavaScript suite in its own process. */
async function runScript(s: Suite): Promise<SuiteOutcome> {
  const dir = mkdtempSync(join(tmpdir(), "koc-tests-"));
  try {
    const nonce = randomBytes(8).toString("hex");
    let cmd: string;
    let args: string[];
    if (s.exercise.language === "python") {
      const f = TEST_FILES.python;
      writeFileSync(join(dir, f.program), s.code);
      writeFileSync(join(dir, f.tests), s.exercise.tests?.code ?? "");
      writeFileSync(join(dir, f.harness), PYTHON_HARNESS_SOURCE);
      [cmd, args] = [PYTHON, ["-I", "-B", join(dir, f.harness), f.module]];
    } else {
      const f = TEST_FILES.javascript;
      writeFileSync(join(dir, f.program), s.code);
      writeFileSync(join(dir, f.tests), s.exercise.tests?.code ?? "");
      writeFileSync(join(dir, f.reporter), nodeReporterSource(nonce));
      [cmd, args] = [
        process.execPath,
        [`--test-reporter=${join(dir, f.reporter)}`, "--test-reporter-destination=stdout", join(dir, f.tests)],
      ];
    }
    const r = await runProcess(cmd, args, { cwd: dir, stdin: `${nonce}\n`, timeoutMs: 30_000 });
    return toOutcome(s.exercise.tests?.names ?? [], parseHarnessOutput(r.stdout, nonce).suites.get(0));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every suite's outcome, from the cache where nothing changed. `java21` runs the release-21 trials. */
export async function runSuites(suites: Suite[], jdk21?: { java: string }): Promise<(SuiteOutcome | undefined)[]> {
  const outcomes: (SuiteOutcome | undefined)[] = suites.map((s) =>
    readCache(cacheKey(s, s.exercise.release === 21 ? jdk21?.java : undefined)),
  );
  const todo = suites.map((s, i) => ({ s, i })).filter(({ i }) => outcomes[i] === undefined);
  for (const release of [17, 21] as const) {
    const java = release === 21 ? jdk21?.java : "java";
    const batch = todo.filter(({ s }) => s.exercise.language === "java" && (s.exercise.release ?? 17) === release);
    if (batch.length === 0 || !java || !existsSync(JUNIT_JAR)) continue;
    // One compile and one JVM for the whole release. A starter or wrong solution that runs past a
    // time limit keeps computing after its test has failed; the harness then ends that JVM, and the
    // suites after it run in a fresh one (runJava).
    const results = runJava(
      batch.map((b) => b.s),
      java,
      release,
    );
    batch.forEach(({ s, i }, n) => {
      outcomes[i] = results[n];
      if (results[n]) writeCache(cacheKey(s, release === 21 ? java : undefined), results[n]);
    });
  }
  const scripts = todo.filter(({ s }) => s.exercise.language !== "java");
  await mapLimit(scripts, PARALLEL_RUNS, async ({ s, i }) => {
    const outcome = await runScript(s);
    outcomes[i] = outcome;
    writeCache(cacheKey(s), outcome);
  });
  return outcomes;
}
