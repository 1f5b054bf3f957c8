import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import {
  JAVA_HARNESS_CLASS,
  JAVA_HARNESS_SOURCE,
  nodeReporterSource,
  PYTHON_HARNESS_SOURCE,
  TEST_FILES,
} from "@koc/shared/unit-tests";
import { UnavailableError } from "../../errors.js";
import type { CompileOutcome } from "./compiler.js";
import type { Jdk } from "./jdk.js";
import type { CaseRun, JavaProject, JavaVersion, TestsJob, TestsResult } from "./types.js";
import { isProjectTest, LANGUAGE_NAME, releaseOf } from "./types.js";

/** Debian's junit5: the JUnit Platform launcher with Jupiter (its manifest names the other jars). */
export const JUNIT_JAR = "/usr/share/java/junit-platform-console-standalone.jar";

export const JUNIT_MISSING =
  "Java unit-tested trials cannot be graded on this server: JUnit 5 is not installed (apt-get install junit5).";

/** What the local runner lends the unit-test runs: its compilers, sandbox runs and work folder. */
export interface TestRunContext {
  workRoot: string;
  heapMb: number;
  jvmArgs: string[];
  interpreters: { python?: string; javascript?: string };
  /** Java only: the JDK and compile function for a version (throws for one no JDK targets). */
  javaTarget(version: JavaVersion): {
    jdk: Jdk;
    compile(
      release: number,
      source: string,
      outDir: string,
      limits?: undefined,
      extraClasspath?: string,
    ): Promise<CompileOutcome>;
  };
  compileLearner(
    version: JavaVersion,
    code: string,
    dir: string,
    project?: JavaProject,
  ): Promise<{ compiled: CompileOutcome; classes: string }>;
  /** A project's tests (the learner's own and the hidden class) compiled together against its classes. */
  compileFiles(
    version: JavaVersion,
    root: string,
    files: string[],
    outDir: string,
    extraClasspath: string,
  ): Promise<CompileOutcome>;
  /** The JDK for non-Java runs (the sandbox needs one to bind). */
  anyJdk: Jdk;
  runInSandbox(jdk: Jdk, appDir: string, argv: string[], stdin: string, slot: number): Promise<CaseRun>;
  readable(dir: string): void;
  junitJar?: string;
}

/** The harness class compiled once per JDK and release, then copied into each run's classes. */
function harnessCache(ctx: TestRunContext) {
  const built = new Map<string, Promise<string>>();
  return (version: JavaVersion): Promise<string> => {
    const target = ctx.javaTarget(version);
    const key = `${target.jdk.home}:${releaseOf(version)}`;
    let dir = built.get(key);
    if (!dir) {
      dir = (async () => {
        const out = mkdtempSync(join(ctx.workRoot, "harness-"));
        const src = join(out, "src");
        mkdirSync(src);
        const file = join(src, `${JAVA_HARNESS_CLASS}.java`);
        writeFileSync(file, JAVA_HARNESS_SOURCE);
        const classes = join(out, "classes");
        mkdirSync(classes);
        const r = await target.compile(releaseOf(version), file, classes, undefined, ctx.junitJar ?? JUNIT_JAR);
        if (!r.ok) throw new UnavailableError(`The unit-test harness does not compile here: ${r.diagnostics}`);
        return classes;
      })();
      built.set(key, dir);
      dir.catch(() => built.delete(key));
    }
    return dir;
  };
}

function writeOwnTests(root: string, files: JavaProject["files"]): string[] {
  for (const f of files) {
    mkdirSync(dirname(join(root, f.path)), { recursive: true });
    writeFileSync(join(root, f.path), f.code);
  }
  return files.map((f) => f.path);
}

/** Runs a trial's hidden tests for the local runner (called inside its queue slot). */
export function createTestRunner(ctx: TestRunContext) {
  const harness = harnessCache(ctx);
  const junit = ctx.junitJar ?? JUNIT_JAR;

  async function java(job: TestsJob, dir: string, slot: number): Promise<TestsResult> {
    if (!existsSync(junit)) throw new UnavailableError(JUNIT_MISSING);
    const target = ctx.javaTarget(job.version);
    const harnessClasses = await harness(job.version);
    const { compiled, classes } = await ctx.compileLearner(job.version, job.code, dir, job.project);
    if (!compiled.ok) return { compileError: compiled.diagnostics };
    const className = job.tests.className ?? "Tests";
    const testSrc = join(dir, "tests");
    mkdirSync(testSrc);
    const testFile = join(testSrc, `${className}.java`);
    writeFileSync(testFile, job.tests.code);
    const ownTests = job.project?.files.filter((f) => isProjectTest(f.path)) ?? [];
    if (ownTests.length > 0) {
      // A Maven project's own tests must compile (shown as the learner's error); the hidden class
      // then compiles alone, so its words never mix with the learner's.
      const own = await ctx.compileFiles(
        job.version,
        join(dir, "src"),
        writeOwnTests(join(dir, "src"), ownTests),
        classes,
        junit,
      );
      if (!own.ok) return { compileError: own.diagnostics };
    }
    // The tests see the learner's classes and JUnit's API, never the learner's source folder.
    const tested = await target.compile(releaseOf(job.version), testFile, classes, undefined, junit);
    if (!tested.ok) return { testCompileError: tested.diagnostics };
    for (const f of readdirSync(harnessClasses)) copyFileSync(join(harnessClasses, f), join(classes, f));
    ctx.readable(classes);
    const argv = [target.jdk.java, ...ctx.jvmArgs, "-cp", `/app:${junit}`, JAVA_HARNESS_CLASS, "-", className];
    return { run: await ctx.runInSandbox(target.jdk, classes, argv, `${job.nonce}\n`, slot) };
  }

  async function script(job: TestsJob, dir: string, slot: number): Promise<TestsResult> {
    const interpreter = job.language === "python" ? ctx.interpreters.python : ctx.interpreters.javascript;
    if (!interpreter) {
      throw new UnavailableError(
        `${LANGUAGE_NAME[job.language]} trials cannot be graded on this server: ${job.language === "python" ? "python3 (apt-get install python3)" : "Node.js below /usr"} is not installed.`,
      );
    }
    const app = join(dir, "app");
    mkdirSync(app, { mode: 0o755 });
    let argv: string[];
    if (job.language === "python") {
      const f = TEST_FILES.python;
      writeFileSync(join(app, f.program), job.code);
      writeFileSync(join(app, f.tests), job.tests.code);
      writeFileSync(join(app, f.harness), PYTHON_HARNESS_SOURCE);
      argv = [interpreter, "-I", "-B", `/app/${f.harness}`, f.module];
    } else {
      const f = TEST_FILES.javascript;
      writeFileSync(join(app, f.program), job.code);
      writeFileSync(join(app, f.tests), job.tests.code);
      writeFileSync(join(app, f.reporter), nodeReporterSource(job.nonce));
      argv = [
        interpreter,
        `--max-old-space-size=${ctx.heapMb}`,
        `--test-reporter=/app/${f.reporter}`,
        "--test-reporter-destination=stdout",
        `/app/${f.tests}`,
      ];
    }
    ctx.readable(app);
    return { run: await ctx.runInSandbox(ctx.anyJdk, app, argv, `${job.nonce}\n`, slot) };
  }

  /** Call inside the runner's queue slot `slot` (the slot picks the sandbox uid). */
  return async (job: TestsJob, slot: number): Promise<TestsResult> => {
    const dir = mkdtempSync(join(ctx.workRoot, "tests-"));
    try {
      chmodSync(dir, 0o711);
      return job.language === "java" ? await java(job, dir, slot) : await script(job, dir, slot);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
