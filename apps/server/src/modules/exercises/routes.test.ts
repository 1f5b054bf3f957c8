/**
 * The trials API end to end: submissions run in the real local sandbox (JDK, python3, node inside
 * bubblewrap), on PGlite and on PostgreSQL. The sandboxed part is skipped (with the reason) only
 * where this machine has no JDK or no working bwrap.
 */
import type { ExerciseEntry } from "@koc/content";
import { XP_PER_TRIAL } from "@koc/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, TEST_JWT_SECRET } from "../../../test/accounts.js";
import {
  createTestDatabase,
  createTestRunner,
  engines,
  realCatalogue,
  type TestDatabase,
  testRunnerUidBase,
} from "../../../test/harness.js";
import { TRIALS_OFF_MESSAGE } from "../../adapters/code-runner/off.js";
import type { CodeRunner } from "../../adapters/code-runner/types.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { exercisePasses } from "../../db/schema.js";
import { seedCatalogue } from "../../db/seed.js";
import { createReceiptSigner } from "../quiz/receipts.js";
import { SUBMISSIONS_PER_MINUTE } from "./service.js";

/** This worker's sandbox uids (its two slots): other test files run programs at the same time as uids of their own. */
const UID_BASE = testRunnerUidBase();
const SANDBOX_UIDS = `(?:${UID_BASE}|${UID_BASE - 1})`;
const local = await createTestRunner("trial sandbox tests", {
  uidBase: UID_BASE,
  limits: { cpuSeconds: 2, wallMs: 4_000 },
});
const runner = local.runner as CodeRunner;
afterAll(() => runner?.close());

const JAVA = "java-programming--introduction-to-java--1";
const PYTHON = "python-programming--getting-started-with-python--1";
const JS = "javascript-fundamentals--getting-started-and-variables--9";

/** A JavaScript trial for these tests (the course's own trials are the content engineers'). */
const jsTrial: ExerciseEntry = {
  id: JS,
  materialId: "javascript-fundamentals--getting-started-and-variables",
  k: 9,
  title: "Count the scrolls",
  difficulty: 1,
  language: "javascript",
  hints: ["Split the input into lines."],
  statement: "Read words, one per line, and print how many there are.",
  starter: 'const input = require("fs").readFileSync(0, "utf8");\nconsole.log(0);\n',
  solution:
    'const input = require("fs").readFileSync(0, "utf8");\nconsole.log(input.split("\\n").filter((l) => l.trim() !== "").length);\n',
  cases: [
    { name: "three scrolls", sample: true, stdin: "map\nlaw\nsong\n", stdout: "3\n" },
    { name: "no scrolls", stdin: "", stdout: "0\n" },
    { name: "one scroll", stdin: "edict-of-mahishmati\n", stdout: "1\n" },
    { name: "a blank line between", stdin: "a\n\nb\n", stdout: "2\n" },
  ],
};

/** A premium course's trials follow its lessons: these two sit on its preview lesson and its second. */
let PREMIUM_PREVIEW = "";
let PREMIUM_LOCKED = "";

function testCatalogue() {
  const catalogue = realCatalogue();
  const js = catalogue.courses.find((c) => c.id === "javascript-fundamentals");
  if (!js) throw new Error("no JavaScript course");
  js.exercises = [...(js.exercises ?? []).filter((e) => e.id !== JS), jsTrial];
  const premium = catalogue.courses.find((c) => c.access === "premium" && c.lessons.length > 1);
  const [first, second] = premium?.lessons ?? [];
  if (!premium || !first || !second) throw new Error("no premium course with two lessons");
  const onLesson = (lesson: typeof first): ExerciseEntry => ({
    ...jsTrial,
    id: `${lesson.id}--1`,
    materialId: lesson.id,
    k: 1,
  });
  premium.exercises = [onLesson(first), onLesson(second)];
  PREMIUM_PREVIEW = `${first.id}--1`;
  PREMIUM_LOCKED = `${second.id}--1`;
  return catalogue;
}
const catalogue = testCatalogue();
const trial = (id: string) =>
  catalogue.courses.flatMap((c) => c.exercises ?? []).find((e) => e.id === id) as ExerciseEntry;

/** Every value a response must never contain: hidden cases' input and output, and the solutions. */
const secrets = [JAVA, PYTHON, JS].flatMap((id) => [
  ...trial(id)
    .cases.filter((c) => !c.sample)
    .flatMap((c) => [c.stdin, c.stdout])
    .map((v) => v.trim())
    .filter((v) => v.length >= 4),
  trial(id).solution.trim(),
]);

const config = loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_JWT_SECRET });

async function appWith(database: TestDatabase, codeRunner?: CodeRunner) {
  const app = await buildApp({ database, config, ...(codeRunner ? { codeRunner } : {}) });
  await app.ready();
  return app;
}

describe.skipIf(!local.runner)("Python and JavaScript in the sandbox", () => {
  it("run as the unprivileged sandbox user, without network, with a read-only program folder", async () => {
    const python = await runner.runCases({
      language: "python",
      version: "java17",
      code: `import os, socket
print(os.getuid())
try:
    socket.create_connection(("127.0.0.1", 5432), 1)
    print("network")
except OSError:
    print("no network")
try:
    open("/app/evil.py", "w")
    print("wrote")
except OSError:
    print("read-only")
print(input())
`,
      stdins: ["first\n", "second\n"],
    });
    expect(python.runs.map((r) => r.stdout)).toEqual([
      expect.stringMatching(new RegExp(`^${SANDBOX_UIDS}\nno network\nread-only\nfirst\n$`)),
      expect.stringMatching(new RegExp(`^${SANDBOX_UIDS}\nno network\nread-only\nsecond\n$`)),
    ]);
    const js = await runner.runCases({
      language: "javascript",
      version: "java17",
      code: `const input = require("fs").readFileSync(0, "utf8");
let wrote = "read-only";
try { require("fs").writeFileSync("/app/evil.js", "x"); wrote = "wrote"; } catch {}
const socket = require("net").connect(5432, "127.0.0.1");
socket.on("connect", () => { console.log(process.getuid(), wrote, "network", input.trim()); process.exit(0); });
socket.on("error", () => console.log(process.getuid(), wrote, "no network", input.trim()));
`,
      stdins: ["one"],
    });
    expect(js.runs[0]?.stdout).toMatch(new RegExp(`^${SANDBOX_UIDS} read-only no network one\n$`));
  });
});

describe.each(engines)("trials API on %s", (engine) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const bodies: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedCatalogue(database.db, catalogue);
    // The runner is shared by both engines' apps, so the app must not close it.
    app = await appWith(database, runner ? { ...runner, close: async () => undefined } : undefined);
  });
  afterAll(async () => {
    // Hidden cases and solutions never left the server, in any answer of this suite.
    expect(secrets.length).toBeGreaterThan(4);
    const leaked = secrets.filter((s) =>
      bodies.some((b) => b.includes(s) || b.includes(JSON.stringify(s).slice(1, -1))),
    );
    expect(leaked).toEqual([]);
    await app.close();
    await database.dispose();
  });

  async function call(
    method: "GET" | "POST",
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) {
    const res = await app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    bodies.push(res.body);
    return res;
  }
  const submit = (
    id: string,
    code: string,
    language: string,
    headers: Record<string, string> = {},
    remoteAddress = "10.9.0.1",
  ) => call("POST", `/api/exercises/${id}/submissions`, { code, language }, headers, remoteAddress);

  it("lists a course's trials in lesson order; 404 for an unknown course, 400 naming the field", async () => {
    const res = await call("GET", "/api/exercises?courseId=java-programming");
    expect(res.statusCode).toBe(200);
    const list = res.json() as { _id: string; materialId: string; passed: boolean; open: boolean }[];
    expect(list[0]).toEqual({
      _id: JAVA,
      materialId: "java-programming--introduction-to-java",
      title: "The herald's greeting",
      difficulty: 1,
      language: "java",
      passed: false,
      open: true,
    });
    expect((await call("GET", "/api/exercises?courseId=no-such-course")).statusCode).toBe(404);
    const bad = await call("GET", "/api/exercises?courseId=Not%20A%20Slug");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^querystring\.courseId/);
    expect((await call("GET", "/api/exercises")).json().message).toMatch(/^querystring\.courseId/);
  });

  it("shows the task, starter, hints and samples, never the hidden cases or the solution; 404 unknown id", async () => {
    const res = await call("GET", `/api/exercises/${PYTHON}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      _id: PYTHON,
      courseId: "python-programming",
      language: "python",
      samples: [{ name: "ten soldiers for two days", stdin: "10\n2\n", stdout: "60\n" }],
      hiddenCases: 4,
    });
    expect(detail.starter).toMatch(/TODO/);
    // Hints come one at a time from POST .../hints (help.test.ts): the detail only counts them.
    expect(detail.hintCount).toBeGreaterThan(0);
    expect(Object.keys(detail)).not.toContain("hints");
    expect(Object.keys(detail)).not.toContain("solution");
    expect(Object.keys(detail)).not.toContain("cases");
    expect((await call("GET", "/api/exercises/python-programming--nothing--1")).statusCode).toBe(404);
    expect((await call("GET", "/api/exercises/NOT_AN_ID")).json().message).toMatch(/^params\.id/);
    const missing = await submit("python-programming--nothing--1", "print(1)", "python");
    expect(missing.statusCode).toBe(404);
  });

  it("follows the lessons' premium rule: the preview's trial is open, the others need premium (403)", async () => {
    const courseId = PREMIUM_LOCKED.split("--")[0] as string;
    const list = (await call("GET", `/api/exercises?courseId=${courseId}`)).json() as { _id: string; open: boolean }[];
    expect(list.map((e) => [e._id, e.open])).toEqual([
      [PREMIUM_PREVIEW, true],
      [PREMIUM_LOCKED, false],
    ]);
    expect((await call("GET", `/api/exercises/${PREMIUM_PREVIEW}`)).statusCode).toBe(200);
    const free = await registerUser(app);
    for (const headers of [{}, free.auth]) {
      const locked = await call("GET", `/api/exercises/${PREMIUM_LOCKED}`, undefined, headers);
      expect(locked.statusCode).toBe(403);
      expect(locked.json().message).toMatch(/premium/i);
      const submitted = await submit(PREMIUM_LOCKED, jsTrial.solution, "javascript", headers, "10.9.0.5");
      expect(submitted.statusCode).toBe(403);
    }
  });

  it("holds the Data Structures course's own trials to the same rule: only its first lesson's trial is free", async () => {
    const courseId = "data-structures-algorithms";
    const list = (await call("GET", `/api/exercises?courseId=${courseId}`)).json() as { _id: string; open: boolean }[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    const [preview, ...later] = list;
    expect(preview).toEqual(expect.objectContaining({ _id: `${courseId}--big-o-complexity--1`, open: true }));
    expect(later.filter((e) => e.open)).toEqual([]);
    expect((await call("GET", `/api/exercises/${preview?._id}`)).statusCode).toBe(200);
    const locked = trial(later[0]?._id as string);
    const free = await registerUser(app);
    for (const headers of [{}, free.auth]) {
      const res = await call("GET", `/api/exercises/${locked.id}`, undefined, headers);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(locked.statement.slice(0, 60));
      const submitted = await submit(locked.id, locked.solution, "java", headers, "10.9.0.6");
      expect(submitted.statusCode).toBe(403);
    }
  });

  it("answers 400 naming the field for a bad submission", async () => {
    const cases: [object, RegExp][] = [
      [{ code: "", language: "python" }, /^body\.code/],
      [{ code: "x".repeat(100_001), language: "python" }, /^body\.code/],
      [{ code: "print(1)", language: "cobol" }, /^body\.language/],
      [{ code: "print(1)" }, /^body\.language/],
      [{ code: "print(1)", language: "java" }, /^body\.language: this trial is written in python/],
      [{ code: "print(1)", language: "python", version: "java99" }, /^body\.version/],
    ];
    for (const [payload, message] of cases) {
      const res = await call("POST", `/api/exercises/${PYTHON}/submissions`, payload, {}, "10.9.0.2");
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  describe.skipIf(!local.runner)("graded in the sandbox", () => {
    const wrong: Record<string, string> = {
      [JAVA]: trial(JAVA).starter.replace(
        "// TODO: print the herald's two lines",
        'System.out.println("Hail, " + name + "!");',
      ),
      [PYTHON]: "soldiers = int(input())\ndays = int(input())\nprint(soldiers * days * 2)\n",
      [JS]: 'const input = require("fs").readFileSync(0, "utf8");\nconsole.log(input.split("\\n").length - 1);\n',
    };
    const language = (id: string) => trial(id).language;

    it.each([JAVA, PYTHON, JS])("%s: the reference solution passes every case, a wrong one fails", async (id) => {
      const right = await submit(id, trial(id).solution, language(id));
      expect(right.statusCode, right.body).toBe(200);
      expect(right.json().passed).toBe(true);
      expect(right.json().cases.every((c: { passed: boolean }) => c.passed)).toBe(true);
      expect(right.json().receipt).toEqual(expect.any(String));
      expect(right.json().firstPass).toBeUndefined();

      const bad = await submit(id, wrong[id] as string, language(id));
      expect(bad.statusCode).toBe(200);
      const result = bad.json();
      expect(result.passed).toBe(false);
      expect(result.receipt).toBeUndefined();
      expect(result.cases.some((c: { passed: boolean }) => !c.passed)).toBe(true);
      // A sample shows its expected and actual output; a hidden case only whether it passed.
      const samples = trial(id)
        .cases.filter((c) => c.sample)
        .map((c) => c.name);
      for (const c of result.cases as Record<string, unknown>[]) {
        if (samples.includes(c.name as string))
          expect(Object.keys(c)).toEqual(expect.arrayContaining(["expected", "actual"]));
        else expect(Object.keys(c).sort()).toEqual(["name", "passed", "status", "timedOut"]);
      }
    });

    it("a submission that carries its own verdict (as one forged in a browser's offline queue) is judged on its code alone", async () => {
      const u = await registerUser(app);
      const forged = { code: "print('I passed')\n", language: "python", passed: true, firstPass: true, cases: [] };
      const res = await call("POST", `/api/exercises/${PYTHON}/submissions`, forged, u.auth, "10.9.0.4");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ passed: false });
      expect(res.json().firstPass).not.toBe(true);
      expect(res.json().cases.length).toBe(trial(PYTHON).cases.length);
      const rows = await database.db.select().from(exercisePasses).where(eq(exercisePasses.userId, u.user._id));
      expect(rows).toHaveLength(0);
    });

    it("a Java compile error fails every case without running, with javac's message", async () => {
      const res = await submit(
        JAVA,
        'public class Main { public static void main(String[] a) { int x = "no"; } }',
        "java",
      );
      expect(res.json()).toMatchObject({ passed: false, compileError: expect.stringMatching(/incompatible types/) });
      expect(res.json().cases.every((c: { passed: boolean; timedOut: boolean }) => !c.passed && !c.timedOut)).toBe(
        true,
      );
    });

    it("times out an infinite loop once, reports the other cases not run, and the server answers the next request", async () => {
      const res = await submit(PYTHON, "while True:\n    pass\n", "python", {}, "10.9.0.3");
      expect(res.statusCode).toBe(200);
      const cases = res.json().cases as { passed: boolean; timedOut: boolean; notRun?: boolean }[];
      expect(cases).toHaveLength(trial(PYTHON).cases.length);
      expect(cases[0]).toMatchObject({ passed: false, timedOut: true });
      expect(cases.slice(1).every((c) => c.notRun === true && !c.passed && !c.timedOut)).toBe(true);
      const flood = await submit(JS, 'for (;;) console.log("flood ".repeat(1000));', "javascript", {}, "10.9.0.3");
      expect(flood.json().passed).toBe(false);
      expect((await call("GET", "/api/health")).statusCode).toBe(200);
      expect((await submit(PYTHON, trial(PYTHON).solution, "python", {}, "10.9.0.3")).json().passed).toBe(true);
    });

    it("records a learner's pass once, even for concurrent submissions, with xp and an achievement", async () => {
      const u = await registerUser(app);
      // Two at once: a learner's fair share of the runner (a third would be refused with 429).
      const results = await Promise.all(
        [1, 2].map(() => submit(PYTHON, trial(PYTHON).solution, "python", u.auth).then((r) => r.json())),
      );
      expect(results.every((r) => r.passed && r.receipt === undefined)).toBe(true);
      expect(results.filter((r) => r.firstPass === true)).toHaveLength(1);
      expect(results.filter((r) => r.firstPass === false)).toHaveLength(1);
      expect(results.find((r) => r.firstPass)?.achievements).toEqual(["First Trial"]);
      const rows = await database.db.select().from(exercisePasses).where(eq(exercisePasses.userId, u.user._id));
      expect(rows).toHaveLength(1);

      const again = (await submit(PYTHON, trial(PYTHON).solution, "python", u.auth)).json();
      expect(again).toMatchObject({ passed: true, firstPass: false });
      expect(again.achievements).toBeUndefined();

      const progress = (await call("GET", "/api/progress/python-programming", undefined, u.auth)).json();
      expect(progress.xp).toBe(XP_PER_TRIAL);
      const list = (await call("GET", "/api/exercises?courseId=python-programming", undefined, u.auth)).json();
      expect(list.find((e: { _id: string }) => e._id === PYTHON).passed).toBe(true);
      const passed = (await call("GET", "/api/exercises/passed", undefined, u.auth)).json() as {
        courseId: string;
        passed: number;
        total: number;
      }[];
      expect(passed.find((p) => p.courseId === "python-programming")).toEqual({
        courseId: "python-programming",
        passed: 1,
        total: catalogue.courses.find((c) => c.id === "python-programming")?.exercises?.length,
      });
      expect(passed.find((p) => p.courseId === "java-programming")?.passed).toBe(0);
      expect((await call("GET", "/api/exercises/passed")).statusCode).toBe(401);
    });

    it("a visitor's pass counts once after sign-in; forged, altered or reused receipts count for nothing", async () => {
      const visitor = (await submit(JS, trial(JS).solution, "javascript", {}, "10.9.0.4")).json();
      expect(visitor.passed).toBe(true);
      const receipt = visitor.receipt as string;
      // A forged token is a visitor: nothing is recorded for anyone.
      const forged = await submit(
        JS,
        trial(JS).solution,
        "javascript",
        { authorization: "Bearer forged.token.value" },
        "10.9.0.4",
      );
      expect(forged.json().firstPass).toBeUndefined();
      // Point the receipt at another trial: the signature no longer matches.
      const [, payload, sig] = /^t\.([^.]+)\.(.+)$/.exec(receipt) as unknown as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
      const altered = `t.${Buffer.from(JSON.stringify({ ...claims, x: JAVA })).toString("base64url")}.${sig}`;
      const quizReceipt = createReceiptSigner(TEST_JWT_SECRET).issue(JAVA, 100, Date.now());

      const u = await registerUser(app);
      const redeemed = await call("POST", "/api/quiz/receipts", { receipts: [receipt, altered, "t.junk"] }, u.auth);
      expect(redeemed.json()).toEqual({ accepted: 1, rejected: 2 });
      const mine = await database.db
        .select()
        .from(exercisePasses)
        .where(and(eq(exercisePasses.userId, u.user._id), eq(exercisePasses.exerciseId, JS)));
      expect(mine).toHaveLength(1);
      expect(mine[0]?.source).toBe("receipt");
      expect((await call("GET", "/api/progress/javascript-fundamentals", undefined, u.auth)).json().xp).toBe(
        XP_PER_TRIAL,
      );
      // A quiz receipt is not a trial pass (it counts, if at all, as a quiz attempt).
      await call("POST", "/api/quiz/receipts", { receipts: [quizReceipt] }, u.auth);
      const java = await database.db.select().from(exercisePasses).where(eq(exercisePasses.exerciseId, JAVA));
      expect(java.filter((r) => r.userId === u.user._id)).toEqual([]);

      // Used once: nobody can count it again.
      const other = await registerUser(app);
      expect((await call("POST", "/api/quiz/receipts", { receipts: [receipt] }, other.auth)).json()).toEqual({
        accepted: 0,
        rejected: 1,
      });
      const others = await database.db.select().from(exercisePasses).where(eq(exercisePasses.userId, other.user._id));
      expect(others).toEqual([]);
    });
  });

  it(`limits submissions to ${SUBMISSIONS_PER_MINUTE} a minute per learner and per visitor's address`, async () => {
    let runs = 0;
    const fake: CodeRunner = {
      engine: "local",
      status: async () => ({ engine: "local", versions: { java7: true, java8: true, java17: true, java21: true } }),
      run: async () => {
        throw new Error("not used");
      },
      runCases: async (job) => {
        runs += 1;
        return {
          runs: job.stdins.map(() => ({ stdout: "", stderr: "", exitCode: 0, timedOut: false, truncated: false })),
        };
      },
      runTests: async () => {
        runs += 1;
        return { run: { stdout: "", stderr: "", exitCode: 0, timedOut: false, truncated: false } };
      },
      close: async () => undefined,
    };
    const limited = await appWith(database, fake);
    try {
      const post = (headers: Record<string, string>, ip: string) =>
        limited.inject({
          method: "POST",
          url: `/api/exercises/${PYTHON}/submissions`,
          payload: { code: "print(0)", language: "python" },
          headers,
          remoteAddress: ip,
        });
      for (let i = 0; i < SUBMISSIONS_PER_MINUTE; i++) expect((await post({}, "10.8.0.1")).statusCode).toBe(200);
      const refused = await post({}, "10.8.0.1");
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/Too many trial submissions/);
      expect((await post({}, "10.8.0.2")).statusCode).toBe(200);
      const u = await registerUser(limited);
      for (let i = 0; i < SUBMISSIONS_PER_MINUTE; i++) expect((await post(u.auth, "10.8.0.1")).statusCode).toBe(200);
      expect((await post(u.auth, "10.8.0.3")).statusCode).toBe(429);
      expect(runs).toBe(2 * SUBMISSIONS_PER_MINUTE + 1);
    } finally {
      await limited.close();
    }
  });

  it("answers 503 with a clear message where no code runs (CODE_RUNNER off)", async () => {
    const off = await appWith(database);
    try {
      const res = await off.inject({
        method: "POST",
        url: `/api/exercises/${JAVA}/submissions`,
        payload: { code: trial(JAVA).solution, language: "java" },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(TRIALS_OFF_MESSAGE);
    } finally {
      await off.close();
    }
  });
});
