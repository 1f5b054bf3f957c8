/**
 * The ladder of help, stored attempts and Run, through the API on a real database. Grading itself
 * is routes.test.ts's subject (in the real sandbox); here the code runner is a stand-in that answers
 * each case's expected output when the code says SOLVED, so every test is about what the ladder
 * records and refuses, not about a program. Run's own sandbox test is at the end.
 */
import { SOLUTION_AFTER_FAILURES, XP_PER_TRIAL, XP_PER_TRIAL_WITH_HELP } from "@koc/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, TEST_JWT_SECRET } from "../../../test/accounts.js";
import {
  createTestDatabase,
  createTestRunner,
  engines,
  realCatalogue,
  type TestDatabase,
} from "../../../test/harness.js";
import type { CodeRunner } from "../../adapters/code-runner/types.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { exerciseAttempts, exerciseHelp, exercisePasses } from "../../db/schema.js";
import { seedCatalogue } from "../../db/seed.js";
import { createHelpStateSigner } from "./help-state.js";

const PYTHON = "python-programming--getting-started-with-python--1";
/** The object-oriented part's project trial (several files and a hidden suite). */
const PROJECT = "java-programming--packages-and-imports--4";
const catalogue = realCatalogue();
const trial = catalogue.courses.flatMap((c) => c.exercises ?? []).find((e) => e.id === PYTHON);
if (!trial) throw new Error(`no trial ${PYTHON}`);
const expected = new Map(trial.cases.map((c) => [c.stdin, c.stdout]));

/** Every case passes when the code says SOLVED; any other code prints a wrong line. */
let casesRun = 0;
const standIn: CodeRunner = {
  engine: "local",
  status: async () => ({ engine: "local", versions: { java7: true, java8: true, java17: true, java21: true } }),
  run: async () => {
    throw new Error("not used");
  },
  runTests: async () => {
    throw new Error("not used");
  },
  runCases: async (job) => {
    // A project is graded by the sandbox in projects.test.ts; here it only needs to be stored.
    if (job.project) return { runs: [], compileError: "Main.java:1: error: the stand-in compiles no project" };
    casesRun += job.stdins.length;
    return {
      runs: job.stdins.map((stdin) => ({
        stdout: job.code.includes("SOLVED") ? (expected.get(stdin) ?? "") : `wrong for ${JSON.stringify(stdin)}\n`,
        stderr: "",
        exitCode: 0,
        timedOut: false,
        truncated: false,
      })),
    };
  },
  close: async () => undefined,
};

const config = loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_JWT_SECRET });

describe.each(engines)("the ladder of help on %s", (engine) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedCatalogue(database.db, catalogue);
    app = await buildApp({ database, config, codeRunner: standIn });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  let ip = 1;
  async function call(
    method: "GET" | "POST" | "PUT",
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) {
    const res = await app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers,
      remoteAddress: `10.7.0.${ip}`,
    });
    return res;
  }
  const base = `/api/exercises/${PYTHON}`;
  const submit = (code: string, headers: Record<string, string> = {}) =>
    call("POST", `${base}/submissions`, { code, language: "python" }, headers);
  const fail = (headers: Record<string, string> = {}) => submit("print('not yet')", headers);
  const pass = (headers: Record<string, string> = {}) => submit("# SOLVED\nprint(60)", headers);
  const progressXp = async (auth: Record<string, string>) =>
    (await call("GET", "/api/progress/python-programming", undefined, auth)).json().xp as number;

  it("the trial's detail names how many hints there are, never their text nor the solution", async () => {
    ip += 1;
    const detail = (await call("GET", base)).json();
    expect(detail.hintCount).toBe(trial.hints.length);
    expect(detail.hints).toBeUndefined();
    const body = JSON.stringify(detail);
    for (const hint of trial.hints) expect(body).not.toContain(hint);
    expect(body).not.toContain(trial.solution.trim());
  });

  it("gives hints one at a time: the first on request, the next only after another failed attempt", async () => {
    ip += 1;
    const u = await registerUser(app);
    const start = (await call("GET", `${base}/help`, undefined, u.auth)).json();
    expect(start).toMatchObject({
      hintCount: 3,
      hints: [],
      nextHint: "available",
      failures: 0,
      solutionReadable: false,
    });

    const first = await call("POST", `${base}/hints`, undefined, u.auth);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ hints: [trial.hints[0]], nextHint: "after-attempt" });

    const tooEarly = await call("POST", `${base}/hints`, undefined, u.auth);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().message).toMatch(/after another attempt/);

    const failed = (await fail(u.auth)).json();
    expect(failed.help).toMatchObject({ failures: 1, nextHint: "available", hints: [trial.hints[0]] });
    // Two racing requests take one hint, not two.
    const raced = await Promise.all([1, 2].map(() => call("POST", `${base}/hints`, undefined, u.auth)));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await call("GET", `${base}/help`, undefined, u.auth)).json().hints).toEqual(trial.hints.slice(0, 2));
    await fail(u.auth);
    expect((await call("POST", `${base}/hints`, undefined, u.auth)).json().hints).toEqual(trial.hints);
    await fail(u.auth);
    const none = await call("POST", `${base}/hints`, undefined, u.auth);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/every hint/);
  });

  it("refuses the solution too early: sealed before a reveal, early reveal only when confirmed with its cost", async () => {
    ip += 1;
    const u = await registerUser(app);
    const sealed = await call("GET", `${base}/solution`, undefined, u.auth);
    expect(sealed.statusCode).toBe(403);
    expect(sealed.body).not.toContain(trial.solution.trim());

    const unconfirmed = await call("POST", `${base}/solution`, {}, u.auth);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().message).toMatch(/^body\.acceptCost/);

    await fail(u.auth);
    const early = await call("POST", `${base}/solution`, { acceptCost: true }, u.auth);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/after 3 failed submissions \(you have 1\)/);
    expect(early.body).not.toContain(trial.solution.trim());
    const [row] = await database.db.select().from(exerciseHelp).where(eq(exerciseHelp.userId, u.user._id));
    expect(row?.revealedAt).toBeNull();

    // After three failed submissions it unlocks without the early confirmation.
    for (let i = 1; i < SOLUTION_AFTER_FAILURES; i++) await fail(u.auth);
    expect((await call("GET", `${base}/help`, undefined, u.auth)).json().solutionUnlocked).toBe(true);
    const revealed = await call("POST", `${base}/solution`, { acceptCost: true }, u.auth);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().solution).toBe(trial.solution);
  });

  it("records the reveal before the code is sent, and a pass after it earns the reduced xp once", async () => {
    ip += 1;
    const u = await registerUser(app);
    const res = await call("POST", `${base}/solution`, { acceptCost: true, early: true }, u.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ solution: trial.solution, help: { revealed: true, solutionReadable: true } });
    // By the time the code reached the learner, the reveal was on record.
    const [help] = await database.db
      .select()
      .from(exerciseHelp)
      .where(and(eq(exerciseHelp.userId, u.user._id), eq(exerciseHelp.exerciseId, PYTHON)));
    expect(help?.revealedAt).toBeInstanceOf(Date);

    const passed = (await pass(u.auth)).json();
    expect(passed).toMatchObject({ passed: true, firstPass: true, help: { solvedWithHelp: true } });
    expect(passed.achievements).toBeUndefined();
    expect(await progressXp(u.auth)).toBe(XP_PER_TRIAL_WITH_HELP);
    const again = (await pass(u.auth)).json();
    expect(again).toMatchObject({ passed: true, firstPass: false });
    expect(await progressXp(u.auth)).toBe(XP_PER_TRIAL_WITH_HELP);

    const list = (await call("GET", "/api/exercises?courseId=python-programming", undefined, u.auth)).json();
    expect(list.find((e: { _id: string }) => e._id === PYTHON)).toMatchObject({ passed: true, solvedWithHelp: true });
    // Not among the certificate's "N of M trials", nor the dashboard's count of trials passed.
    expect((await app.exercises.passedIn(u.user._id, "python-programming")).passed).toBe(0);
    const dashboard = (await call("GET", "/api/exercises/passed", undefined, u.auth)).json();
    expect(dashboard.find((p: { courseId: string }) => p.courseId === "python-programming").passed).toBe(0);
  });

  it("sends no code when the reveal cannot be recorded", async () => {
    ip += 1;
    const u = await registerUser(app);
    // The database refuses to record this learner's reveal (a failing disk, a lost connection...).
    await database.db.execute(
      sql.raw(`create function refuse_reveal() returns trigger language plpgsql as $$
        begin
          if new.user_id = '${u.user._id}' and new.revealed_at is not null then
            raise exception 'disk full';
          end if;
          return new;
        end $$`),
    );
    await database.db.execute(
      sql.raw(
        "create trigger refuse_reveal before insert or update on exercise_help for each row execute function refuse_reveal()",
      ),
    );
    try {
      const res = await call("POST", `${base}/solution`, { acceptCost: true, early: true }, u.auth);
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain(trial.solution.trim());
      expect((await call("GET", `${base}/solution`, undefined, u.auth)).statusCode).toBe(403);
    } finally {
      await database.db.execute(sql.raw("drop trigger refuse_reveal on exercise_help"));
      await database.db.execute(sql.raw("drop function refuse_reveal()"));
    }
  });

  it("a pass of one's own keeps the full xp and the achievement, and may then compare with the reference", async () => {
    ip += 1;
    const u = await registerUser(app);
    const passed = (await pass(u.auth)).json();
    expect(passed).toMatchObject({ firstPass: true, achievements: ["First Trial"], help: { solvedWithHelp: false } });
    expect(await progressXp(u.auth)).toBe(XP_PER_TRIAL);
    const compare = await call("GET", `${base}/solution`, undefined, u.auth);
    expect(compare.statusCode).toBe(200);
    expect(compare.json().solution).toBe(trial.solution);
    expect(await progressXp(u.auth)).toBe(XP_PER_TRIAL);
    expect((await app.exercises.passedIn(u.user._id, "python-programming")).passed).toBe(1);
  });

  it("Run is not an attempt: no attempt stored, no failure counted, no hint unlocked, no xp", async () => {
    ip += 1;
    const u = await registerUser(app);
    await call("POST", `${base}/hints`, undefined, u.auth);
    const before = casesRun;
    const sample = await call("POST", `${base}/run`, { code: "print('not yet')" }, u.auth);
    expect(sample.statusCode).toBe(200);
    expect(sample.json()).toMatchObject({
      stdout: 'wrong for "10\\n2\\n"\n',
      exitCode: 0,
      usedSample: trial.cases[0]?.name,
    });
    const own = (await call("POST", `${base}/run`, { code: "# SOLVED", stdin: "1\n1\n" }, u.auth)).json();
    expect(own).toMatchObject({ stdout: "3\n", usedSample: null, timedOut: false });
    expect(own.timeMs).toEqual(expect.any(Number));
    expect(casesRun - before).toBe(2);

    const attempts = await database.db.select().from(exerciseAttempts).where(eq(exerciseAttempts.userId, u.user._id));
    expect(attempts).toEqual([]);
    const help = (await call("GET", `${base}/help`, undefined, u.auth)).json();
    expect(help).toMatchObject({ failures: 0, nextHint: "after-attempt", passed: false });
    expect((await call("POST", `${base}/hints`, undefined, u.auth)).statusCode).toBe(409);
    expect(await progressXp(u.auth)).toBe(0);
    const passes = await database.db.select().from(exercisePasses).where(eq(exercisePasses.userId, u.user._id));
    expect(passes).toEqual([]);

    const bad = await call("POST", `${base}/run`, { code: "", stdin: "x" }, u.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^body\.code/);
    expect((await call("POST", "/api/exercises/python-programming--nothing--1/run", { code: "x" })).statusCode).toBe(
      404,
    );
  });

  it("keeps every submission of a learner; each sees and restores only their own attempts", async () => {
    ip += 1;
    const owner = await registerUser(app);
    const other = await registerUser(app);
    await fail(owner.auth);
    await pass(owner.auth);
    const list = await call("GET", `${base}/attempts`, undefined, owner.auth);
    expect(list.statusCode).toBe(200);
    const attempts = list.json() as { _id: string; passed: boolean; passedChecks: number; totalChecks: number }[];
    expect(attempts.map((a) => a.passed)).toEqual([true, false]);
    expect(attempts[1]).toMatchObject({
      language: "python",
      release: null,
      passedChecks: 0,
      totalChecks: trial.cases.length,
    });
    const older = await call("GET", `/api/exercise-attempts/${attempts[1]?._id}`, undefined, owner.auth);
    expect(older.json()).toMatchObject({ code: "print('not yet')", passed: false });
    expect(older.json().checks).toHaveLength(trial.cases.length);

    const stolen = await call("GET", `/api/exercise-attempts/${attempts[1]?._id}`, undefined, other.auth);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).not.toContain("not yet");
    expect((await call("GET", `${base}/attempts`, undefined, other.auth)).json()).toEqual([]);
    expect((await call("GET", `${base}/attempts`)).statusCode).toBe(401);
    expect((await call("GET", "/api/exercise-attempts/not-a-uuid", undefined, owner.auth)).json().message).toMatch(
      /^params\.attemptId/,
    );
    const unknown = await call("GET", "/api/exercises/python-programming--nothing--1/attempts", undefined, owner.auth);
    expect(unknown.statusCode).toBe(404);
    // A visitor's submissions are not stored (nobody to store them for).
    const before = await database.db.select().from(exerciseAttempts);
    await fail();
    expect(await database.db.select().from(exerciseAttempts)).toHaveLength(before.length);
  });

  it("a visitor climbs the ladder with signed state that survives sign-in; forged or altered state unlocks nothing", async () => {
    ip += 1;
    const hint = (await call("POST", `${base}/hints`)).json();
    expect(hint.hints).toEqual([trial.hints[0]]);
    let token = hint.token as string;
    const h = (t: string) => ({ "x-trial-help": t });
    expect((await call("POST", `${base}/hints`, undefined, h(token))).statusCode).toBe(409);
    for (let i = 0; i < SOLUTION_AFTER_FAILURES; i++) token = (await fail(h(token))).json().help.token;
    expect((await call("GET", `${base}/help`, undefined, h(token))).json()).toMatchObject({
      failures: 3,
      solutionUnlocked: true,
      hints: [trial.hints[0]],
    });

    // Forged: the claims of three failures signed with another key, or this token's payload altered.
    const forged = createHelpStateSigner("another-secret-that-is-long-enough").issue(
      PYTHON,
      { failures: 3, hintsTaken: 3, failuresAtLastHint: 0, revealed: true, passed: true },
      Date.now(),
    );
    const [, payload, sig] = /^h\.([^.]+)\.(.+)$/.exec(token) as unknown as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const altered = `h.${Buffer.from(JSON.stringify({ ...claims, h: 3, p: true })).toString("base64url")}.${sig}`;
    const otherTrial = createHelpStateSigner(TEST_JWT_SECRET).issue(
      "java-programming--introduction-to-java--1",
      { failures: 9, hintsTaken: 0, failuresAtLastHint: 0, revealed: true, passed: true },
      Date.now(),
    );
    for (const fake of [forged, altered, otherTrial, "h.junk"]) {
      const reveal = await call("POST", `${base}/solution`, { acceptCost: true }, h(fake));
      expect(reveal.statusCode, fake.slice(0, 20)).toBe(409);
      expect(reveal.body).not.toContain(trial.solution.trim());
      expect((await call("GET", `${base}/solution`, undefined, h(fake))).statusCode).toBe(403);
      expect((await call("GET", `${base}/help`, undefined, h(fake))).json()).toMatchObject({ failures: 0, hints: [] });
    }
    const tooLong = await call("GET", `${base}/help`, undefined, h("h.".padEnd(2001, "x")));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/^headers\.x-trial-help/);

    const revealed = (await call("POST", `${base}/solution`, { acceptCost: true }, h(token))).json();
    expect(revealed.solution).toBe(trial.solution);
    token = revealed.help.token;
    const passed = (await pass(h(token))).json();
    expect(passed).toMatchObject({ passed: true, help: { solvedWithHelp: true } });

    const u = await registerUser(app);
    const redeemed = await call("POST", "/api/quiz/receipts", { receipts: [passed.receipt, token] }, u.auth);
    expect(redeemed.json()).toEqual({ accepted: 2, rejected: 0 });
    const [help] = await database.db.select().from(exerciseHelp).where(eq(exerciseHelp.userId, u.user._id));
    expect(help).toMatchObject({ failures: 3, hintsTaken: 1 });
    expect(help?.revealedAt).toBeInstanceOf(Date);
    const [p] = await database.db.select().from(exercisePasses).where(eq(exercisePasses.userId, u.user._id));
    expect(p).toMatchObject({ withHelp: true, source: "receipt" });
    expect(await progressXp(u.auth)).toBe(XP_PER_TRIAL_WITH_HELP);
    expect((await call("GET", `${base}/help`, undefined, u.auth)).json()).toMatchObject({
      hints: [trial.hints[0]],
      revealed: true,
      solvedWithHelp: true,
    });
    // Imported states count nothing on their own: a forged one is rejected, a repeat changes nothing.
    const repeat = await call("POST", "/api/quiz/receipts", { receipts: [token, forged] }, u.auth);
    expect(repeat.json()).toEqual({ accepted: 1, rejected: 1 });
    expect(await progressXp(u.auth)).toBe(XP_PER_TRIAL_WITH_HELP);
  });

  it("keeps every file of a project trial's attempt, and gives them back with the attempt", async () => {
    ip += 1;
    const owner = await registerUser(app);
    const project = catalogue.courses.flatMap((c) => c.exercises ?? []).find((e) => e.id === PROJECT);
    const files = (project?.project?.starter ?? [])
      .filter((f) => !f.readOnly)
      .map(({ path, code }) => ({ path, code }));
    expect(files.length).toBeGreaterThan(2);
    const main = files.find((f) => f.path.endsWith("Main.java"));
    const sent = await call(
      "POST",
      `/api/exercises/${PROJECT}/submissions`,
      { code: main?.code, language: "java", files },
      owner.auth,
    );
    expect(sent.statusCode).toBe(200);
    const [attempt] = (await call("GET", `/api/exercises/${PROJECT}/attempts`, undefined, owner.auth)).json();
    const detail = await call("GET", `/api/exercise-attempts/${attempt._id}`, undefined, owner.auth);
    expect(detail.json()).toMatchObject({ code: main?.code, files, compileError: true });
    // A single-file trial's attempt has no files.
    await fail(owner.auth);
    const [single] = (await call("GET", `${base}/attempts`, undefined, owner.auth)).json();
    expect(
      (await call("GET", `/api/exercise-attempts/${single._id}`, undefined, owner.auth)).json().files,
    ).toBeUndefined();
  });

  it("keeps a learner's drafts: last write wins by timestamp, size-limited, only real trials and lessons", async () => {
    ip += 1;
    const u = await registerUser(app);
    const other = await registerUser(app);
    const key = `trial:${PYTHON}`;
    expect((await call("GET", `/api/drafts/${key}`, undefined, u.auth)).json()).toBeNull();
    const put = (code: string, updatedAt: number, auth = u.auth, k = key) =>
      call("PUT", `/api/drafts/${k}`, { code, language: "python", updatedAt }, auth);
    expect((await put("print(1)", 2_000)).json()).toMatchObject({ code: "print(1)", updatedAt: 2_000 });
    // An older save that arrives late (another device, offline) does not overwrite the newer one.
    expect((await put("print(0)", 1_000)).json()).toMatchObject({ code: "print(1)", updatedAt: 2_000 });
    expect((await put("print(2)", 3_000)).json().code).toBe("print(2)");
    expect((await call("GET", `/api/drafts/${key}`, undefined, u.auth)).json().code).toBe("print(2)");
    expect((await call("GET", `/api/drafts/${key}`, undefined, other.auth)).json()).toBeNull();

    const big = await put("x".repeat(100_001), 4_000);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/^body\.code/);
    expect((await put("x", 5_000, u.auth, "trial:python-programming--nothing--1")).statusCode).toBe(404);
    expect((await put("x", 5_000, u.auth, "trial:Not%20Valid")).json().message).toMatch(/^params\.key/);
    const lesson = catalogue.courses.find((c) => c.id === "python-programming")?.lessons[0]?.id;
    expect((await put("print('edited')", 5_000, u.auth, `example:${lesson}:abc123`)).statusCode).toBe(200);
    expect((await put("x", 5_000, u.auth, "example:no-such-lesson:abc123")).statusCode).toBe(404);
    expect((await call("GET", `/api/drafts/${key}`)).statusCode).toBe(401);
  });
});

const local = await createTestRunner("help: the real-sandbox test", { limits: { cpuSeconds: 2, wallMs: 4_000 } });
describe.skipIf(!local.runner)("Run in the real sandbox", () => {
  afterAll(() => local.runner?.close());
  it("runs the learner's Python on the first sample or their own input, with output, exit status and time", async () => {
    const database = await createTestDatabase("pglite");
    await seedCatalogue(database.db, catalogue);
    const app = await buildApp({
      database,
      config,
      codeRunner: { ...(local.runner as CodeRunner), close: async () => undefined },
    });
    try {
      const code = "a = int(input())\nb = int(input())\nprint(a * b)\nraise SystemExit(3)\n";
      const sample = await app.inject({ method: "POST", url: `/api/exercises/${PYTHON}/run`, payload: { code } });
      expect(sample.json()).toMatchObject({ stdout: "20\n", exitCode: 3, timedOut: false });
      const own = await app.inject({
        method: "POST",
        url: `/api/exercises/${PYTHON}/run`,
        payload: { code, stdin: "6\n7\n" },
      });
      expect(own.json()).toMatchObject({ stdout: "42\n", exitCode: 3, usedSample: null });
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
