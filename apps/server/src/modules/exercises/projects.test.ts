/**
 * Multi-file Java trials end to end (docs/decisions/0032-multi-file-java-trials.md): the detail
 * shows every starter file, a submission sends every file, the sandbox compiles them together and
 * runs the cases and the hidden suite; malformed or forged file lists are refused naming the field.
 */

import { existsSync } from "node:fs";
import type { ExerciseEntry } from "@koc/content";
import { exerciseDetail, PROJECT_LIMITS, submissionResult } from "@koc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_JWT_SECRET } from "../../../test/accounts.js";
import { createTestDatabase, createTestRunner, realCatalogue, type TestDatabase } from "../../../test/harness.js";
import type { CodeRunner } from "../../adapters/code-runner/types.js";
import { JUNIT_JAR } from "../../adapters/code-runner/unit-tests.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { seedCatalogue } from "../../db/seed.js";

const local = await createTestRunner("project trial tests", { limits: { cpuSeconds: 3, wallMs: 8_000 } });
const reason = !local.runner ? local.reason : !existsSync(JUNIT_JAR) ? "junit5 is not installed" : undefined;
if (local.runner && reason) console.warn(`project trial tests skipped: ${reason}`);
const runner = local.runner as CodeRunner;
afterAll(() => runner?.close());

const CARAVAN = "java-programming--maven-and-gradle-project-layout--2";
const SINGLE = "java-programming--overloading-and-recursion--1";
const catalogue = realCatalogue();
const trial = (id: string) =>
  catalogue.courses.flatMap((c) => c.exercises ?? []).find((e) => e.id === id) as ExerciseEntry;
const editable = (files: { path: string; code: string; readOnly?: true }[]) =>
  files.filter((f) => !f.readOnly).map(({ path, code }) => ({ path, code }));

describe.skipIf(Boolean(reason))("multi-file project trials in the sandbox", { timeout: 240_000 }, () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
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
    await app?.close();
    await database?.dispose();
  });

  let ip = 0;
  const submit = (id: string, payload: object) =>
    app.inject({
      method: "POST",
      url: `/api/exercises/${id}/submissions`,
      payload: { language: "java", ...payload },
      remoteAddress: `10.78.0.${++ip}`,
    });

  it("the detail shows every starter file, the pom.xml read-only, and nothing of the solution", async () => {
    const res = await app.inject({ method: "GET", url: `/api/exercises/${CARAVAN}` });
    expect(res.statusCode).toBe(200);
    const detail = exerciseDetail.parse(res.json());
    expect(detail.layout).toBe("maven");
    expect(detail.files?.map((f) => f.path)).toContain("src/main/java/mahishmati/caravan/Cart.java");
    expect(detail.files?.find((f) => f.path === "pom.xml")?.readOnly).toBe(true);
    expect(detail.files?.length).toBe(7);
    const t = trial(CARAVAN);
    expect(res.body).not.toContain("weight() + supply.weight() <= capacity");
    expect(res.body).not.toContain(t.tests?.className);
  });

  it("grades the reference's files: every case and every hidden test passes", async () => {
    const t = trial(CARAVAN);
    const res = await submit(CARAVAN, { code: t.solution, files: editable(t.project?.solution ?? []) });
    expect(res.statusCode, res.body).toBe(200);
    const result = submissionResult.parse(res.json());
    expect(
      result.cases.every((c) => c.passed),
      JSON.stringify(result.cases),
    ).toBe(true);
    expect(result.tests?.map((x) => x.status)).toEqual(t.tests?.names.map(() => "passed"));
    expect(result.passed).toBe(true);
  });

  it("names the hidden test a wrong file fails, and shows javac's words for a file that does not compile", async () => {
    const t = trial(CARAVAN);
    const wrong = await submit(CARAVAN, { code: t.solution, files: editable(t.wrong?.files ?? []) });
    const result = submissionResult.parse(wrong.json());
    expect(result.passed).toBe(false);
    expect(result.tests?.find((x) => x.name === "a cart takes a supply that fills it exactly")?.status).toBe("failed");

    const broken = editable(t.project?.solution ?? []).map((f) =>
      f.path.endsWith("Caravan.java")
        ? { ...f, code: f.code.replace("public List<Cart> carts()", "public List<Cart> carts(") }
        : f,
    );
    const res = submissionResult.parse((await submit(CARAVAN, { code: t.solution, files: broken })).json());
    expect(res.compileError).toContain("src/main/java/mahishmati/caravan/Caravan.java");
  });

  it("a learner's own test that does not compile is the learner's compile error", async () => {
    const t = trial(CARAVAN);
    const files = editable(t.project?.solution ?? []).map((f) =>
      f.path.startsWith("src/test/")
        ? { ...f, code: f.code.replace("void emptyCart() {", "void emptyCart() { int x = ;") }
        : f,
    );
    const result = submissionResult.parse((await submit(CARAVAN, { code: t.solution, files })).json());
    expect(result.passed).toBe(false);
    expect(result.tests?.[0]?.message).toMatch(/does not compile/);
  });

  it.each([
    ["no files for a project", CARAVAN, (c: string) => ({ code: c }), /body\.files: this trial is a project/],
    [
      "files for a single file",
      SINGLE,
      (c: string) => ({ code: c, files: [{ path: "Main.java", code: c }] }),
      /body\.files/,
    ],
    [
      "a path that climbs out",
      CARAVAN,
      (c: string) => ({ code: c, files: [{ path: "../Main.java", code: c }] }),
      /files/,
    ],
    ["the read-only pom.xml", CARAVAN, (c: string) => ({ code: c, files: [{ path: "pom.xml", code: c }] }), /files/],
    [
      "a file outside src/main/java or src/test/java",
      CARAVAN,
      (c: string) => ({ code: c, files: [{ path: "Main.java", code: c }] }),
      /src\/main\/java or src\/test\/java/,
    ],
    [
      "the same path twice",
      CARAVAN,
      (c: string) => ({
        code: c,
        files: [
          { path: "src/main/java/A.java", code: c },
          { path: "src/main/java/A.java", code: c },
        ],
      }),
      /appears twice/,
    ],
    [
      "too many files",
      CARAVAN,
      (c: string) => ({
        code: c,
        files: Array.from({ length: PROJECT_LIMITS.files + 1 }, (_, i) => ({
          path: `src/main/java/A${i}.java`,
          code: c,
        })),
      }),
      /at most/,
    ],
    [
      "too many characters in all",
      CARAVAN,
      (c: string) => ({
        code: c,
        files: Array.from({ length: 3 }, (_, i) => ({ path: `src/main/java/A${i}.java`, code: "x".repeat(90_000) })),
      }),
      /characters in all/,
    ],
  ])("refuses %s with 400 naming the field", async (_what, id, payload, message) => {
    const res = await submit(id, payload("class A {}"));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message ?? res.body).toMatch(message);
    expect(res.body).toMatch(/files/);
  });
});
