import type { Config } from "../../config.js";
import { createJudge0Runner } from "./judge0.js";
import { createLocalRunner, type LocalRunnerOptions } from "./local.js";
import { createOffRunner } from "./off.js";
import type { CodeRunner } from "./types.js";

export type { CodeRunner, RunJob } from "./types.js";
export { createJudge0Runner, createLocalRunner, createOffRunner };

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * A runner whose set-up (JDK discovery, sandbox probe, warm compilers) finishes in the background,
 * so the server listens at once; requests that arrive meanwhile wait for it.
 */
export function deferredRunner(ready: Promise<CodeRunner>): CodeRunner {
  let resolved: CodeRunner | undefined;
  const settled = ready.then((r) => {
    resolved = r;
    return r;
  });
  return {
    get engine() {
      return resolved?.engine ?? "local";
    },
    status: async () => (await settled).status(),
    run: async (job) => (await settled).run(job),
    runCases: async (job) => (await settled).runCases(job),
    runTests: async (job) => (await settled).runTests(job),
    close: async () => (await settled).close(),
  };
}

/**
 * CODE_RUNNER: judge0 -> JUDGE0_URL; off -> none; local -> the sandboxed JDK (start-up fails
 * without one); auto -> the sandboxed JDK when a JDK and bubblewrap work here, else none.
 */
export async function createCodeRunnerFromConfig(
  config: Pick<Config, "CODE_RUNNER" | "JUDGE0_URL"> & Partial<Pick<Config, "RUNNER_UID_BASE">>,
  log: Log,
  localOptions: LocalRunnerOptions = {},
): Promise<CodeRunner> {
  if (config.CODE_RUNNER === "off") {
    log.info({ codeRunner: "off" }, "Java runs are off (CODE_RUNNER=off): the editor shows simulated Java");
    return createOffRunner();
  }
  if (config.CODE_RUNNER === "judge0") {
    if (!config.JUDGE0_URL) throw new Error("JUDGE0_URL is required when CODE_RUNNER=judge0");
    log.info({ codeRunner: "judge0", url: new URL(config.JUDGE0_URL).origin }, "Java runs go to Judge0");
    return createJudge0Runner({ url: config.JUDGE0_URL });
  }
  const { runner, reason } = await createLocalRunner({ uidBase: config.RUNNER_UID_BASE, ...localOptions });
  if (runner) {
    log.info({ codeRunner: "local", ...(await runner.status()).versions }, "Java runs in the local sandbox");
    return runner;
  }
  if (config.CODE_RUNNER === "local") throw new Error(`CODE_RUNNER=local but Java cannot run here: ${reason}`);
  log.warn({ codeRunner: "off", reason }, "no Java runner: the editor shows simulated Java");
  return createOffRunner();
}
