/**
 * The runner attack of docs/decisions/0021-fair-share.md, repeated on the real sandbox: anonymous programs that only sleep fill
 * the runner, then a signed-in learner runs hello world. Skipped only without a JDK or bubblewrap.
 */
import type { RunResult } from "@koc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { createTestRunner } from "../../../test/harness.js";
import { TOO_MANY_JOBS } from "../../adapters/code-runner/fair-share.js";
import { RUNNER_BUSY_VISITORS } from "../../adapters/code-runner/queue.js";
import type { CodeRunner } from "../../adapters/code-runner/types.js";

const local = await createTestRunner("fair-share tests", {
  limits: { cpuSeconds: 3, wallMs: 3_000 },
  compileLimits: { cpuSeconds: 10, wallMs: 30_000 },
  submissionWallMs: 4_000,
});
const runner = local.runner as CodeRunner;
afterAll(() => runner?.close());

const SLEEPER = "public class Main { public static void main(String[] a) throws Exception { Thread.sleep(600000); } }";
const HELLO = 'public class Main { public static void main(String[] a) { System.out.println("Hail, kingdom!"); } }';

describe.skipIf(!local.runner)("a fair share of the runner", () => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  beforeAll(async () => {
    t = await createAccountsTestApp("pglite", { codeRunner: { ...runner, close: async () => undefined } });
  });
  afterAll(() => t.close());

  // inject() only starts when awaited: Promise.resolve sets each request going now.
  const run = (code: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    Promise.resolve(
      t.app.inject({
        method: "POST",
        url: "/api/run",
        payload: { language: "java", version: "java17", code },
        remoteAddress,
        headers,
      }),
    );
  type Answer = Awaited<ReturnType<typeof run>>;
  /** Resolves once `count` of the answers are 429 (refusals come at once; runs take seconds). */
  const refusals = (answers: Promise<Answer>[], count: number) =>
    new Promise<Answer[]>((resolve) => {
      const refused: Answer[] = [];
      for (const p of answers)
        void p.then((res) => {
          if (res.statusCode === 429) refused.push(res);
          if (refused.length === count) resolve(refused);
        });
    });

  it("answers a signed-in learner's hello world while 18 anonymous sleepers try to hold the runner", async () => {
    const learner = await registerUser(t.app);
    // One address may hold two: a third at the same time is refused at once, with Retry-After.
    const attacker = [run(SLEEPER, "10.60.0.1"), run(SLEEPER, "10.60.0.1"), run(SLEEPER, "10.60.0.1")];
    const [third] = await refusals(attacker, 1);
    expect(third?.json().message).toBe(TOO_MANY_JOBS);
    expect(Number(third?.headers["retry-after"])).toBeGreaterThan(0);
    // Sixteen more from sixteen addresses: visitors get half of the 16 waiting places, no more.
    const crowd = Array.from({ length: 16 }, (_, i) => run(SLEEPER, `10.61.0.${i + 1}`));
    const refused = await refusals(crowd, 8);
    expect(refused.every((r) => r.json().message === RUNNER_BUSY_VISITORS)).toBe(true);

    const mine = await run(HELLO, "10.62.0.1", learner.auth);
    expect(mine.statusCode, mine.body).toBe(200);
    const result = mine.json() as RunResult;
    expect(result.stdout).toBe("Hail, kingdom!\n");
    expect(result.timedOut).toBe(false);

    // Every sleeper is stopped by its wall clock; none was answered "busy" past the ones refused.
    const all = await Promise.all([...attacker, ...crowd]);
    const ran = all.filter((r) => r.statusCode === 200).map((r) => r.json() as RunResult);
    expect(ran).toHaveLength(10);
    expect(all.filter((r) => r.statusCode === 429)).toHaveLength(9);
    expect(ran.every((r) => r.timedOut)).toBe(true);
  }, 240_000);

  it("stops a submission at its first time-out: the other cases are not run", async () => {
    const outcome = await runner.runCases({
      language: "python",
      version: "java17",
      code: "s = input()\nprint(s, flush=True)\nwhile s == 'loop':\n    pass\n",
      stdins: ["first\n", "loop\n", "third\n", "fourth\n"],
      owner: { key: "user:budget", visitor: false },
    });
    expect(outcome.runs.map((r) => [r.stdout, r.timedOut])).toEqual([
      ["first\n", false],
      ["loop\n", true],
    ]);
  }, 120_000);
});
