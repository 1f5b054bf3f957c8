import type { JavaVersion, RunRequest, RunResult, RunStatus } from "@koc/shared";

export type { JavaVersion, RunRequest, RunResult, RunStatus };

/**
 * Who a job is for: a signed-in learner ("user:<id>") or a visitor's address ("address:<ip>").
 * Each owner has at most a couple of jobs in flight or waiting, and visitors hold at most half of
 * the waiting places (fair-share.ts, queue.ts). A job without an owner is the server's own.
 */
export interface JobOwner {
  key: string;
  visitor: boolean;
}

/** The job a runner receives: the request with its defaults applied. */
export interface RunJob {
  version: JavaVersion;
  code: string;
  stdin?: string | undefined;
  owner?: JobOwner;
}

/** Languages a graded submission (a trial) can be written in. */
export type ProgramLanguage = "java" | "python" | "javascript" | "sql";

/**
 * One program run once per stdin, each in a fresh sandbox (Java compiled once first): the graded
 * submissions of trials.
 */
export interface CasesJob {
  language: ProgramLanguage;
  /** Java only. */
  version: JavaVersion;
  code: string;
  /** SQL: each case's tables (CREATE TABLE and INSERT statements). */
  stdins: string[];
  /** Java: a multi-file project, compiled together and started at its main class (`code` unused). */
  project?: JavaProject | undefined;
  owner?: JobOwner;
  /**
   * SQL only: whether the rows' order counts, and for a trial whose statements change data, the
   * query whose result is the answer (the code is then a script of several statements).
   */
  sql?: { ordered: boolean; check?: string | undefined };
}

/** A multi-file Java trial's files (paths relative to the project root) and entry class. */
export interface JavaProject {
  files: { path: string; code: string }[];
  mainClass: string;
}

/** Whether a project path is one of the learner's own tests (Maven's src/test/java). */
export const isProjectTest = (path: string): boolean => path.startsWith("src/test/java/");

export interface CaseRun {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timedOut: boolean;
  truncated: boolean;
}

/**
 * `compileError` set: nothing ran and `runs` is empty. Otherwise one run per stdin, in order, up
 * to the first that timed out: the cases after it were not run (one wall-clock budget per
 * submission, SUBMISSION_WALL_MS).
 */
export interface CasesResult {
  compileError?: string;
  runs: CaseRun[];
}

/**
 * A trial's hidden unit tests run against the learner's code in one fresh sandbox (JUnit 5 through
 * the JUnit Platform launcher, unittest, node:test): the graded part of a unit-tested trial.
 */
export interface TestsJob {
  language: ProgramLanguage;
  /** Java only. */
  version: JavaVersion;
  code: string;
  /** The test source; Java: its class name (the file is <className>.java). */
  tests: { code: string; className?: string | undefined };
  /** Fresh per run: only the harness's lines that carry it are read. */
  nonce: string;
  /** Java: a multi-file project; its own tests (src/test/java) compile beside the hidden ones. */
  project?: JavaProject | undefined;
  owner?: JobOwner;
}

/**
 * `compileError`: the learner's code did not compile (shown as is). `testCompileError`: it did, but
 * the hidden tests did not compile against it (javac's raw words: the caller removes the test's
 * code before showing them). Otherwise `run` is the harness's run, its report on stdout.
 */
export interface TestsResult {
  compileError?: string;
  testCompileError?: string;
  run?: CaseRun;
}

/** The learner-facing name of each language. */
export const LANGUAGE_NAME: Record<ProgramLanguage, string> = {
  java: "Java",
  python: "Python",
  javascript: "JavaScript",
  sql: "SQL",
};

/**
 * Runs learners' Java. Implementations: the local sandboxed JDK, a Judge0 cluster, or "off"
 * (no runner: the browser falls back to its labelled simulated Java).
 * `run` throws UnsupportedError for a version this runner cannot target, UnavailableError when it cannot run now.
 */
export interface CodeRunner {
  readonly engine: RunStatus["engine"];
  status(): Promise<RunStatus>;
  run(job: RunJob): Promise<RunResult>;
  /** A trial submission: Java, Python (python3) or JavaScript (node), under the same limits as `run`. */
  runCases(job: CasesJob): Promise<CasesResult>;
  /** A unit-tested trial's hidden tests, in one sandbox under the same limits as `run`. */
  runTests(job: TestsJob): Promise<TestsResult>;
  close(): Promise<void>;
}

export const JAVA_VERSIONS: readonly JavaVersion[] = ["java7", "java8", "java17", "java21"];

/** "java17" -> 17 (the javac --release number). */
export function releaseOf(version: JavaVersion): number {
  return Number(version.slice(4));
}

/** One submission's wall-clock budget, all its cases together (each case also has its own limits). */
export const SUBMISSION_WALL_MS = 12_000;

/** Per-stream output cap: beyond it the run is stopped and `truncated` is set. */
export const OUTPUT_LIMIT_BYTES = 64 * 1024;

/** { java7: f("java7"), ... } */
export function versionMap(f: (version: JavaVersion) => boolean): Record<JavaVersion, boolean> {
  return { java7: f("java7"), java8: f("java8"), java17: f("java17"), java21: f("java21") };
}
