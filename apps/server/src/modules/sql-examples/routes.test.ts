/**
 * SQL lesson examples run in place through the API (decision 0033): the lesson's tables in a
 * throw-away PGlite from the pool, the learner's script, its last result or PostgreSQL's error.
 * The SQL course is seeded as premium here, so the access rule of premium lessons is tried too.
 */
import { eq } from "drizzle-orm";
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
import { users } from "../../db/schema.js";
import { seedCatalogue } from "../../db/seed.js";

const COURSE = "sql-databases";
const FIRST = `${COURSE}--relational-databases-and-your-first-select`;
const FILTERING = `${COURSE}--filtering-and-sorting`;
const catalogue = realCatalogue();
const sqlCourse = catalogue.courses.find((c) => c.id === COURSE);
if (!sqlCourse) throw new Error(`no course ${COURSE}`);
// The same lessons behind the premium rule: the first stays a free preview, the rest need premium.
sqlCourse.access = "premium";
// A lesson of another course has no tables.
const javaLesson = catalogue.courses.find((c) => c.id === "java-programming")?.lessons[0]?.id ?? "";

const config = loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_JWT_SECRET });
// A shorter wall clock than the product's 10 s so the time-limit test is quicker, with room for a
// lesson's tables to load on a loaded machine (3 s was outgrown in CI); one pool for both engines' apps.
const pool = createSqlPool({ workers: 1, startMs: 600_000, jobMs: 6_000, templateDir: testSqlTemplateDir() });
const shared = { ...pool, close: async () => undefined };
afterAll(() => pool.close());

describe.each(engines)("POST /api/sql/examples on %s", (engine) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let premium: Record<string, string>;
  let free: Record<string, string>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedCatalogue(database.db, catalogue);
    app = await buildApp({ database, config, sqlPool: shared });
    await app.ready();
    const learner = await registerUser(app);
    await database.db.update(users).set({ isPremium: true }).where(eq(users.id, learner.user._id));
    premium = learner.auth;
    free = (await registerUser(app)).auth;
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const run = (payload: unknown, headers: Record<string, string> = premium) =>
    app.inject({ method: "POST", url: "/api/sql/examples", payload: payload as object, headers });

  it("runs a query on the lesson's tables and answers its rows as PostgreSQL prints them", async () => {
    const res = await run({
      course: COURSE,
      lesson: FILTERING,
      code: "SELECT name, strength FROM warriors WHERE strength >= 90 ORDER BY strength DESC;",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "ok",
      columns: ["name", "strength"],
      rows: [
        ["Bhima", "95"],
        ["Farah", "91"],
      ],
      truncated: false,
    });
  }, 60_000);

  it("answers PostgreSQL's error for a column that does not exist (a 200, like a program's error)", async () => {
    const res = await run({ course: COURSE, lesson: FILTERING, code: "SELECT name, power FROM warriors" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "error", error: 'ERROR: column "power" does not exist', timedOut: false });
  }, 60_000);

  it("starts every run from the lesson's tables: a DROP TABLE leaves the next run untouched", async () => {
    const dropped = await run({ course: COURSE, lesson: FILTERING, code: "DROP TABLE warriors; SELECT 1 AS done" });
    expect(dropped.json()).toMatchObject({ status: "ok", rows: [["1"]] });
    const after = await run({ course: COURSE, lesson: FILTERING, code: "SELECT count(*) AS n FROM warriors" });
    expect(after.json()).toMatchObject({ status: "ok", columns: ["n"], rows: [["10"]] });
  }, 60_000);

  it("runs the block that makes the tables on an empty database when asked", async () => {
    const code = "CREATE TABLE warriors (id integer PRIMARY KEY); SELECT count(*) AS n FROM warriors";
    const onTables = await run({ course: COURSE, lesson: FILTERING, code });
    expect(onTables.json()).toEqual({
      status: "error",
      error: 'ERROR: relation "warriors" already exists',
      timedOut: false,
    });
    const onEmpty = await run({ course: COURSE, lesson: FILTERING, code, empty: true });
    expect(onEmpty.json()).toMatchObject({ status: "ok", columns: ["n"], rows: [["0"]] });
  }, 60_000);

  it("a script that returns no rows answers no columns", async () => {
    const res = await run({ course: COURSE, lesson: FILTERING, code: "UPDATE warriors SET strength = 0;" });
    expect(res.json()).toMatchObject({ status: "ok", columns: [], rows: [], truncated: false });
  }, 60_000);

  it("cuts a huge result to its first rows and says so", async () => {
    // 100,000 rows made by the query itself: lesson 06's own 100,000 citizens take about a second to
    // load, which on a loaded machine outgrew this file's shorter wall clock.
    const res = await run({
      course: COURSE,
      lesson: FILTERING,
      code: "SELECT i AS id, 'Citizen ' || i AS name FROM generate_series(1, 100000) AS i ORDER BY i",
    });
    const body = res.json() as { status: string; rows: string[][]; truncated: boolean };
    expect(body.status).toBe("ok");
    expect(body.truncated).toBe(true);
    expect(body.rows.length).toBe(500);
    expect(body.rows[0]).toEqual(["1", "Citizen 1"]);
  }, 60_000);

  // The wall clock is the pool's, and one pool serves both engines' apps: tried once (12 s of waiting).
  it.runIf(engine === "pglite")(
    "stops a query that never ends at the time limit, and the next run works",
    async () => {
      const sleep = await run({ course: COURSE, lesson: FILTERING, code: "SELECT pg_sleep(100)" });
      expect(sleep.statusCode).toBe(200);
      expect(sleep.json()).toEqual({ status: "error", error: expect.stringMatching(/time limit/), timedOut: true });
      const endless = await run({
        course: COURSE,
        lesson: FILTERING,
        code: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n",
      });
      expect(endless.json()).toMatchObject({ status: "error", timedOut: true });
      const next = await run({ course: COURSE, lesson: FILTERING, code: "SELECT count(*) FROM warriors" });
      expect(next.json()).toMatchObject({ status: "ok", rows: [["10"]] });
    },
    120_000,
  );

  it("refuses bad bodies with 400 naming the field", async () => {
    const cases: [unknown, string][] = [
      [{ lesson: FILTERING, code: "SELECT 1" }, "course"],
      [{ course: COURSE, code: "SELECT 1" }, "lesson"],
      [{ course: COURSE, lesson: FILTERING }, "code"],
      [{ course: COURSE, lesson: FILTERING, code: "   \n" }, "code"],
      [{ course: COURSE, lesson: FILTERING, code: 42 }, "code"],
      [{ course: COURSE, lesson: FILTERING, code: `SELECT '${"x".repeat(20_001)}'` }, "code"],
      [{ course: "SQL Databases!", lesson: FILTERING, code: "SELECT 1" }, "course"],
      [{ course: COURSE, lesson: "../etc/passwd", code: "SELECT 1" }, "lesson"],
      [{ course: COURSE, lesson: FILTERING, code: "SELECT 1", empty: "yes" }, "empty"],
    ];
    for (const [payload, field] of cases) {
      const res = await run(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });

  it("answers 404 for an unknown lesson, or a lesson of another course", async () => {
    expect((await run({ course: COURSE, lesson: `${COURSE}--no-such-lesson`, code: "SELECT 1" })).statusCode).toBe(404);
    expect((await run({ course: "java-programming", lesson: FILTERING, code: "SELECT 1" })).statusCode).toBe(404);
  });

  it("refuses a lesson without tables with a clear 400", async () => {
    const res = await run({ course: "java-programming", lesson: javaLesson, code: "SELECT 1" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no tables/);
  });

  it("runs a premium lesson's examples only for those who may read it; the preview for anyone", async () => {
    const code = "SELECT count(*) FROM warriors";
    for (const headers of [{}, free, { authorization: "Bearer forged.token.here" }]) {
      const refused = await run({ course: COURSE, lesson: FILTERING, code }, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/premium/i);
    }
    const preview = await run({ course: COURSE, lesson: FIRST, code });
    expect(preview.statusCode).toBe(200);
    expect((await run({ course: COURSE, lesson: FIRST, code }, {})).json()).toMatchObject({ status: "ok" });
  }, 60_000);

  it("tells the lesson page that its SQL examples run in place", async () => {
    const res = await app.inject({ method: "GET", url: `/api/materials/${FIRST}` });
    expect(res.json().sqlExamples).toBe(true);
    const java = await app.inject({ method: "GET", url: `/api/materials/${javaLesson}` });
    expect(java.json().sqlExamples).toBeUndefined();
  });
});
