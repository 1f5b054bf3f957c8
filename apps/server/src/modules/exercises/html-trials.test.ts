/**
 * HTML trials end to end on both engines: the server renders the submitted page in headless
 * Chromium and only its checks record a pass. Skipped (with the reason) where no Chromium exists;
 * a server without one answers 503, tested with a checker whose browser cannot be found.
 */
import type { ExerciseEntry } from "@koc/content";
import { submissionResult } from "@koc/shared";
import { chromiumPath, createPageChecker } from "@koc/shared/html-checks/chromium";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, TEST_JWT_SECRET } from "../../../test/accounts.js";
import { createTestDatabase, engines, realCatalogue, type TestDatabase } from "../../../test/harness.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { exercisePasses } from "../../db/schema.js";
import { seedCatalogue } from "../../db/seed.js";
import { HTML_TRIALS_OFF_MESSAGE } from "./html-grading.js";
import { HTML_NOT_RUN } from "./trial-tools.js";

const BOX = "html-css-foundations--the-box-model--1";
const catalogue = realCatalogue();
const trial = catalogue.courses.flatMap((c) => c.exercises ?? []).find((e) => e.id === BOX) as ExerciseEntry;
const chromium = chromiumPath();
if (!chromium) console.warn("HTML trial route tests skipped: no Chromium (set KOC_CHROMIUM_PATH)");
// One browser for both engines' apps; each app gets a handle that leaves it open.
const checker = createPageChecker({ timeoutMs: 30_000 });
afterAll(() => checker.close());

describe.skipIf(!chromium).each(engines)("HTML trials on %s", { timeout: 120_000 }, (engine) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedCatalogue(database.db, catalogue);
    app = await buildApp({
      database,
      config: loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_JWT_SECRET }),
      pageChecker: { run: checker.run, close: async () => undefined },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  let ip = 0;
  const submit = (payload: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: `/api/exercises/${BOX}/submissions`,
      payload,
      headers,
      remoteAddress: `10.88.${engine === "pglite" ? 1 : 2}.${++ip}`,
    });

  it("sends the checks' names, widths and code with the task, never the solution", async () => {
    const res = await app.inject({ method: "GET", url: `/api/exercises/${BOX}` });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.language).toBe("html");
    expect(detail.pageChecks.checks.map((c: { name: string }) => c.name)).toEqual(trial.tests?.names);
    expect(detail.pageChecks.checks.every((c: { width: number }) => c.width === 800)).toBe(true);
    expect(res.body).not.toContain("box-sizing: border-box");
  });

  it("records a learner's pass only when the server's render passes every check", async () => {
    const u = await registerUser(app);
    const wrong = await submit({ code: trial.wrong?.code, language: "html" }, u.auth);
    expect(wrong.statusCode, wrong.body).toBe(200);
    const failed = submissionResult.parse(wrong.json());
    expect(failed.passed).toBe(false);
    expect(failed.cases).toEqual([]);
    expect(failed.tests?.find((t) => t.name === trial.wrong?.fails)).toMatchObject({
      status: "failed",
      message: expect.stringMatching(/300px across its border/),
    });
    expect(await database.db.select().from(exercisePasses).where(eq(exercisePasses.userId, u.user._id))).toEqual([]);

    const right = submissionResult.parse((await submit({ code: trial.solution, language: "html" }, u.auth)).json());
    expect(right).toMatchObject({ passed: true, firstPass: true });
    expect(right.tests?.every((t) => t.status === "passed")).toBe(true);
    const rows = await database.db.select().from(exercisePasses).where(eq(exercisePasses.userId, u.user._id));
    expect(rows.map((r) => r.exerciseId)).toEqual([BOX]);
  });

  it("refuses a forged pass: what the browser claims is ignored, a page's own script cannot help", async () => {
    const u = await registerUser(app);
    // A client that says it passed, with the starter page: the server renders it and says no.
    const forged = await submit(
      { code: trial.starter, language: "html", passed: true, tests: [{ name: "x", status: "passed" }] },
      u.auth,
    );
    expect(forged.statusCode, forged.body).toBe(200);
    expect(forged.json().passed).toBe(false);
    // A page that tries to restyle itself with a script: scripts of the page never run on the server.
    const scripted = trial.starter.replace(
      "</body>",
      "<script>for (const c of document.querySelectorAll('.card')) c.style.cssText = 'box-sizing:border-box;width:300px;padding:16px;border:2px solid;margin:24px auto';</script></body>",
    );
    const res = await submit({ code: scripted, language: "html" }, u.auth);
    expect(res.json().passed).toBe(false);
    expect(await database.db.select().from(exercisePasses).where(eq(exercisePasses.userId, u.user._id))).toEqual([]);
  });

  it("answers 400 naming the field for an oversized or empty page or another language; Run is refused", async () => {
    const big = await submit({ code: `<p>${"a".repeat(100_001)}</p>`, language: "html" });
    expect(big.statusCode).toBe(400);
    expect(big.body).toMatch(/code/);
    expect((await submit({ code: "", language: "html" })).statusCode).toBe(400);
    const java = await submit({ code: trial.solution, language: "java" });
    expect(java.statusCode).toBe(400);
    expect(java.body).toMatch(/language/);
    const run = await app.inject({
      method: "POST",
      url: `/api/exercises/${BOX}/run`,
      payload: { code: trial.solution },
      remoteAddress: "10.88.9.9",
    });
    expect(run.statusCode).toBe(422);
    expect(run.json().message ?? run.body).toContain(HTML_NOT_RUN);
  });
});

describe("an HTML trial on a server without Chromium", () => {
  it("answers 503 with a message the trial panel can show, and nothing crashes", async () => {
    const database = await createTestDatabase("pglite");
    await seedCatalogue(database.db, catalogue);
    const app = await buildApp({
      database,
      config: loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_JWT_SECRET }),
      pageChecker: createPageChecker({ executablePath: "" }),
    });
    try {
      const res = await app.inject({
        method: "POST",
        url: `/api/exercises/${BOX}/submissions`,
        payload: { code: trial.solution, language: "html" },
      });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain(HTML_TRIALS_OFF_MESSAGE);
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBeLessThan(500);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
