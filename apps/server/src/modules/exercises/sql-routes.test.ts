/**
 * SQL trials through the API, on PGlite and on PostgreSQL (the app's own database): the learner's
 * query runs in the SQL pool's throw-away PGlite, the server grades it and records the pass once.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, TEST_JWT_SECRET } from "../../../test/accounts.js";
import {
  createTestDatabase,
  engines,
  realCatalogue,
  type TestDatabase,
  testSqlTemplateDir,
} from "../../../test/harness.js";
import { createSqlPool } from "../../adapters/sql-runner/pool.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { exercisePasses } from "../../db/schema.js";
import { seedCatalogue } from "../../db/seed.js";

const ID = "sql-databases--relational-databases-and-your-first-select--1";
const catalogue = realCatalogue();
const trial = catalogue.courses.flatMap((c) => c.exercises ?? []).find((e) => e.id === ID);
if (!trial) throw new Error(`no trial ${ID}`);
const config = loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_JWT_SECRET });
// One pool for both engines' apps (each app would otherwise start its own workers).
const pool = createSqlPool({ workers: 1, startMs: 600_000, templateDir: testSqlTemplateDir() });
const shared = { ...pool, close: async () => undefined };
afterAll(() => pool.close());

describe.each(engines)("SQL trials API on %s", (engine) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedCatalogue(database.db, catalogue);
    app = await buildApp({ database, config, sqlPool: shared });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const submit = (code: string, headers: Record<string, string>, language = "sql") =>
    app.inject({ method: "POST", url: `/api/exercises/${ID}/submissions`, payload: { code, language }, headers });

  it("shows the sample's tables and expected result, never the hidden dataset or the reference", async () => {
    const res = await app.inject({ method: "GET", url: `/api/exercises/${ID}` });
    expect(res.statusCode).toBe(200);
    const detail = res.json() as {
      language: string;
      samples: { stdin: string; stdout: string }[];
      hiddenCases: number;
    };
    expect(detail.language).toBe("sql");
    expect(detail.samples[0]?.stdin).toContain("CREATE TABLE warriors");
    expect(detail.samples[0]?.stdout).toContain("boosted_strength");
    expect(detail.hiddenCases).toBe(1);
    const hidden = trial.cases.find((c) => c.sample !== true);
    expect(res.body).not.toContain(hidden?.stdin.split("\n").at(-2)?.trim() ?? "??");
    expect(res.body).not.toContain("strength + 10 AS boosted_strength");
  });

  it("refuses another language (400 naming the field) and an unknown trial (404)", async () => {
    const u = await registerUser(app);
    const wrongLanguage = await submit("SELECT 1", u.auth, "python");
    expect(wrongLanguage.statusCode).toBe(400);
    expect(wrongLanguage.json().message).toMatch(/language/);
    const unknown = await app.inject({
      method: "POST",
      url: "/api/exercises/sql-databases--no-such-lesson--1/submissions",
      payload: { code: "SELECT 1", language: "sql" },
      headers: u.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("grades a wrong query as failed, then the right one as a first pass, recorded once", async () => {
    const u = await registerUser(app);
    const wrong = await submit("SELECT name, rank FROM warriors", u.auth);
    expect(wrong.statusCode).toBe(200);
    const failed = wrong.json() as { passed: boolean; cases: { passed: boolean; expected?: string }[] };
    expect(failed.passed).toBe(false);
    expect(failed.cases.map((c) => c.passed)).toEqual([false, false]);
    expect(failed.cases[1]).not.toHaveProperty("expected");

    const right = await submit("SELECT name, rank, strength + 10 AS boosted_strength FROM warriors", u.auth);
    expect(right.json()).toMatchObject({ passed: true, firstPass: true });
    const again = await submit("select name, rank, 10 + strength as boosted_strength from warriors", u.auth);
    expect(again.json()).toMatchObject({ passed: true, firstPass: false });
    const rows = await database.db
      .select()
      .from(exercisePasses)
      .where(and(eq(exercisePasses.userId, u.user._id), eq(exercisePasses.exerciseId, ID)));
    expect(rows).toHaveLength(1);
  }, 600_000);
});
