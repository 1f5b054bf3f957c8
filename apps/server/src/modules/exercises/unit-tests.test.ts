/**
 * Unit-tested trials end to end: the hidden JUnit / unittest / node:test suites run in the real
 * sandbox, the answer lists every test by name, and nothing of the tests ever leaves the server.
 */

import { existsSync } from "node:fs";
import type { ExerciseEntry } from "@koc/content";
import { submissionResult } from "@koc/shared";
import { HIDDEN_ASSERTION_MESSAGE } from "@koc/shared/unit-tests";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_JWT_SECRET } from "../../../test/accounts.js";
import { createTestDatabase, createTestRunner, realCatalogue, type TestDatabase } from "../../../test/harness.js";
import { createJudge0Runner, JUDGE0_UNIT_TESTS_MESSAGE } from "../../adapters/code-runner/judge0.js";
import type { CodeRunner } from "../../adapters/code-runner/types.js";
import { JUNIT_JAR } from "../../adapters/code-runner/unit-tests.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { seedCatalogue } from "../../db/seed.js";

const local = await createTestRunner("unit-tested trial tests", { limits: { cpuSeconds: 3, wallMs: 8_000 } });
const reason = !local.runner ? local.reason : !existsSync(JUNIT_JAR) ? "junit5 is not installed" : undefined;
if (local.runner && reason) console.warn(`unit-tested trial tests skipped: ${reason}`);
const runner = local.runner as CodeRunner;
afterAll(() => runner?.close());

const RECURSION = "java-programming--overloading-and-recursion--1";
const catalogue = realCatalogue();
const trials = catalogue.courses.flatMap((c) => c.exercises ?? []);
const trial = (id: string) => trials.find((e) => e.id === id) as ExerciseEntry;
const unitTested = trials.filter((t) => t.tests);
const firstOf = (language: string) => unitTested.find((t) => t.language === language && t.wrong) as ExerciseEntry;

/** Lines of every hidden test source long enough to be recognised if they ever leaked. */
const testLines = unitTested.flatMap((t) =>
  (t.tests?.code ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length >= 30),
);

// Two sandboxed submissions per test (cases, then tests) on a shared 2-core machine: allow the time.
describe.skipIf(Boolean(reason))("unit-tested trials in the sandbox", { timeout: 240_000 }, () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const bodies: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedCatalogue(database.db, catalogue);
    app = await buildApp({
      database,
      config: loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_JWT_SECRET }),
      codeRunner: { ...runner, close: async () => undefined },
    });
    await app.ready();
  });
  afterAll(async () => {
    // No answer of this suite held a line of any hidden test, nor JUnit's "expected: <..>".
    expect(testLines.length).toBeGreaterThan(20);
    expect(
      testLines.filter((l) => bodies.some((b) => b.includes(l) || b.includes(JSON.stringify(l).slice(1, -1)))),
    ).toEqual([]);
    expect(bodies.filter((b) => /expected: <|but was: </.test(b))).toEqual([]);
    await app?.close();
    await database?.dispose();
  });

  let ip = 0;
  async function submit(id: string, code: string) {
    const t = trial(id);
    const res = await app.inject({
      method: "POST",
      url: `/api/exercises/${id}/submissions`,
      payload: { code, language: t.language },
      // A fresh address each time: the rate limit is not what these tests are about.
      remoteAddress: `10.77.0.${++ip}`,
    });
    bodies.push(res.body);
    expect(res.statusCode, res.body).toBe(200);
    return submissionResult.parse(res.json());
  }

  it("shows how many hidden tests a trial has, never the tests themselves", async () => {
    const res = await app.inject({ method: "GET", url: `/api/exercises/${RECURSION}` });
    bodies.push(res.body);
    expect(res.json()).toMatchObject({ hiddenTests: trial(RECURSION).tests?.names.length, release: 17 });
    expect(Object.keys(res.json())).not.toContain("tests");
  });

  it("lists every test by name; the wrong solution fails the named test with its author's message", async () => {
    const t = trial(RECURSION);
    const wrong = await submit(RECURSION, t.wrong?.code ?? "");
    expect(wrong.passed).toBe(false);
    expect(wrong.cases.every((c) => c.passed && c.status === "passed")).toBe(true);
    expect(wrong.tests?.map((x) => x.name)).toEqual(t.tests?.names);
    expect(wrong.tests?.find((x) => x.name === t.wrong?.fails)).toEqual({
      name: "uses recursion: toBinary(n) calls itself, not Integer.toBinaryString",
      status: "failed",
      message: "toBinary(int) must build the digits itself, not call Integer.toBinaryString",
    });
    expect(wrong.tests?.filter((x) => x.status === "passed")).toHaveLength((t.tests?.names.length ?? 0) - 1);
    const right = await submit(RECURSION, t.solution);
    expect(right).toMatchObject({ passed: true });
    expect(right.tests?.every((x) => x.status === "passed" && x.message === undefined)).toBe(true);
  });

  it("reports a test whose code never ends as timed out, and the others still by name", async () => {
    const looping = trial(RECURSION).solution.replace("if (n < 2) {", "while (n == 6) { }\n        if (n < 2) {");
    const r = await submit(RECURSION, looping);
    expect(r.passed).toBe(false);
    const small = r.tests?.find((x) => x.name === "toBinary(6) is 110 and toBinary(0) is 0");
    expect(small).toMatchObject({ status: "timedOut", message: expect.stringMatching(/longer than|time ran out/) });
    expect(r.tests?.find((x) => x.name === "toBinary handles a large number")?.status).not.toBe("failed");
  });

  it("never shows JUnit's expected and actual values of a hidden test, nor a message the learner's code wrote", async () => {
    const base = trial(RECURSION).solution;
    const offByOne = await submit(RECURSION, base.replace('return "" + n;', 'return n == 1 ? "1" : "";'));
    expect(offByOne.tests?.find((x) => x.name.startsWith("toBinary(6)"))?.message).toBe('toBinary(0) should be "0"');
    // Code that reads the hidden test class and throws it as an assertion message: shown as hidden.
    const thief = base.replace(
      "if (n < 2) {",
      `try (var in = Main.class.getResourceAsStream("SignalFiresTest.class")) {
            if (in != null) throw new AssertionError(new String(in.readAllBytes()));
        } catch (java.io.IOException e) { }
        if (n < 2) {`,
    );
    const stolen = await submit(RECURSION, thief);
    expect(stolen.tests?.find((x) => x.name.startsWith("toBinary(6)"))?.message).toBe(HIDDEN_ASSERTION_MESSAGE);
    expect(JSON.stringify(stolen)).not.toMatch(/callsIn|SignalFiresTest|DisplayName/);
  });

  it("explains, without the test's code, that the tests cannot call a method with another signature", async () => {
    const bad = trial(RECURSION)
      .solution.replace("static String toBinary(int n, int width)", "static String padded(int n, int width)")
      .replace("toBinary(n, Integer.parseInt(parts[1]))", "padded(n, Integer.parseInt(parts[1]))");
    const r = await submit(RECURSION, bad);
    expect(r.passed).toBe(false);
    expect(r.compileError).toBeUndefined();
    expect(r.tests?.[0]?.message).toMatch(/^Your code compiles, but the hidden tests cannot call it/);
    expect(r.tests?.[0]?.message).not.toMatch(/assertEquals|SignalFiresTest|\.java/);
  });

  it.each(["python", "javascript"])(
    "%s: the reference passes its unittest / node:test suite, the wrong one fails by name",
    async (language) => {
      const t = firstOf(language);
      expect(t, `a unit-tested ${language} trial`).toBeDefined();
      const right = await submit(t.id, t.solution);
      expect(right.tests?.filter((x) => x.status !== "passed")).toEqual([]);
      expect(right.passed).toBe(true);
      const wrong = await submit(t.id, t.wrong?.code ?? "");
      expect(wrong.passed).toBe(false);
      expect(wrong.tests?.find((x) => x.name === t.wrong?.fails)?.status).toMatch(/failed|timedOut/);
    },
  );
});

describe("unit-tested trials with CODE_RUNNER=judge0", { timeout: 240_000 }, () => {
  it("answer 422 saying the Judge0 runner cannot run unit tests", async () => {
    const database = await createTestDatabase("pglite");
    await seedCatalogue(database.db, catalogue);
    const b64 = (s: string) => Buffer.from(s).toString("base64");
    // A Judge0 that runs the io cases (echoing what the reference prints would need a JVM: any output will do).
    const fake = (async (url: string) =>
      url.endsWith("/languages")
        ? new Response(JSON.stringify([{ id: 91, name: "Java (JDK 17.0.6)" }]))
        : new Response(JSON.stringify({ status: { id: 3 }, stdout: b64("x\n"), exit_code: 0 }))) as typeof fetch;
    const app = await buildApp({
      database,
      config: loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_JWT_SECRET }),
      codeRunner: createJudge0Runner({ url: "http://judge0.test", fetch: fake }),
    });
    try {
      const res = await app.inject({
        method: "POST",
        url: `/api/exercises/${RECURSION}/submissions`,
        payload: { code: trial(RECURSION).solution, language: "java" },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: JUDGE0_UNIT_TESTS_MESSAGE });
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
