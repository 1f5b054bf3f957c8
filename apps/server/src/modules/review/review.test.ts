/**
 * The review deck through the API on a real database, with the app's clock injected and moved by
 * the test. "Today" is the UTC day. The trial runner is a stand-in that passes code saying SOLVED
 * (grading itself is the exercises tests' subject; here only what the deck records).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, TEST_JWT_SECRET } from "../../../test/accounts.js";
import { createTestDatabase, engines, realCatalogue, type TestDatabase } from "../../../test/harness.js";
import { answersFor } from "../../../test/quiz.js";
import type { CodeRunner } from "../../adapters/code-runner/types.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { reviewCards, users } from "../../db/schema.js";
import { seedCatalogue } from "../../db/seed.js";

const DAY = 86_400_000;
const PYTHON = "python-programming--getting-started-with-python--1";
const catalogue = realCatalogue();
const trial = catalogue.courses.flatMap((c) => c.exercises ?? []).find((e) => e.id === PYTHON);
if (!trial) throw new Error(`no trial ${PYTHON}`);
const expected = new Map(trial.cases.map((c) => [c.stdin, c.stdout]));

const standIn: CodeRunner = {
  engine: "local",
  status: async () => ({ engine: "local", versions: { java7: true, java8: true, java17: true, java21: true } }),
  run: async () => {
    throw new Error("not used");
  },
  runTests: async () => {
    throw new Error("not used");
  },
  runCases: async (job) => ({
    runs: job.stdins.map((stdin) => ({
      stdout: job.code.includes("SOLVED") ? (expected.get(stdin) ?? "") : "wrong\n",
      stderr: "",
      exitCode: 0,
      timedOut: false,
      truncated: false,
    })),
  }),
  close: async () => undefined,
};

type Deck = {
  dueToday: number;
  dayEndsAt: string;
  nextDueAt: string | null;
  questions: { cardId: string; question: string; options: string[]; materialId: string | null; from: string }[];
  trials: { cardId: string; exerciseId: string; title: string; courseId: string }[];
};

describe.each(engines)("the review deck on %s", (engine) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  /** 22:30 UTC on 10 March 2026: late in the learner's (UTC) day. */
  const start = Date.UTC(2026, 2, 10, 22, 30);
  let clock = start;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedCatalogue(database.db, catalogue);
    const config = loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_JWT_SECRET });
    app = await buildApp({ database, config, codeRunner: standIn, now: () => clock });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  let ip = 1;
  const call = (method: "GET" | "POST", url: string, auth: Record<string, string>, payload?: object) => {
    ip += 1;
    return app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}), remoteAddress: `10.9.0.${ip}` });
  };
  const deck = async (auth: Record<string, string>) => {
    const res = await call("GET", "/api/review", auth);
    expect(res.statusCode).toBe(200);
    return res.json() as Deck;
  };
  const lessons = async (courseId: string) =>
    (await app.catalogue.lessonsWithAnswers(courseId)).filter((l) => l.quiz.length > 0);

  /** Takes a lesson's Knowledge Check with every answer right except the question at `wrong`. */
  async function missOne(auth: Record<string, string>, materialId: string, wrong: number) {
    const answers = (await answersFor(app, materialId)).map((a, i) => (i === wrong ? (a + 1) % 4 : a));
    const res = await call("POST", "/api/quiz/attempts", auth, { materialId, answers });
    expect(res.statusCode).toBe(200);
  }

  it("a wrong answer is due the next UTC day: not at 23:59 today, yes from midnight; the key is never shipped", async () => {
    clock = start;
    const u = await registerUser(app);
    const [lesson] = await lessons("java-programming");
    if (!lesson) throw new Error("no lesson");
    await missOne(u.auth, lesson._id, 2);

    const today = await deck(u.auth);
    expect(today).toMatchObject({ dueToday: 0, questions: [], trials: [], dayEndsAt: "2026-03-11T00:00:00.000Z" });
    // Only the question answered wrongly entered, due a day after the miss.
    expect(today.nextDueAt).toBe("2026-03-11T22:30:00.000Z");

    clock = Date.UTC(2026, 2, 10, 23, 59, 59, 999);
    expect((await deck(u.auth)).dueToday).toBe(0);

    clock = Date.UTC(2026, 2, 11, 0, 0);
    const tomorrow = await deck(u.auth);
    expect(tomorrow.dueToday).toBe(1);
    const q = lesson.quiz[2];
    if (!q) throw new Error("no question");
    expect(tomorrow.questions).toEqual([
      expect.objectContaining({ question: q.question, options: q.options, materialId: lesson._id, from: lesson.title }),
    ]);
    const raw = JSON.stringify(tomorrow);
    expect(raw).not.toMatch(/correct|explain/i);
    if (q.explain) expect(raw).not.toContain(q.explain);
  });

  it("a right review is graded on the server and pushes the card further than its last interval; a wrong one brings it back tomorrow", async () => {
    clock = start;
    const u = await registerUser(app);
    const [, lesson] = await lessons("java-programming");
    if (!lesson) throw new Error("no lesson");
    await missOne(u.auth, lesson._id, 0);
    await missOne(u.auth, lesson._id, 1);
    const firstInterval = DAY; // entered at `start`, due a day later

    clock = Date.UTC(2026, 2, 11, 23, 0);
    const due = await deck(u.auth);
    expect(due.dueToday).toBe(2);
    const [first, second] = due.questions;
    if (!first || !second) throw new Error("cards missing");
    const key = await answersFor(app, lesson._id);
    const index = (card: { question: string }) => lesson.quiz.findIndex((q) => q.question === card.question);

    const right = await call("POST", `/api/review/${first.cardId}/answer`, u.auth, { answer: key[index(first)] });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ correct: true, correctIndex: key[index(first)] });
    const interval = Date.parse(right.json().nextDueAt) - clock;
    expect(interval).toBeGreaterThan(firstInterval);

    const wrongAnswer = ((key[index(second)] ?? 0) + 1) % 4;
    const wrong = await call("POST", `/api/review/${second.cardId}/answer`, u.auth, { answer: wrongAnswer });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().correct).toBe(false);
    expect(wrong.json()).not.toHaveProperty("correctIndex");
    expect(wrong.json().nextDueAt).toBe("2026-03-12T23:00:00.000Z");

    // Answered: neither is due again today, and a second answer (a retry to learn the key) is refused.
    expect((await deck(u.auth)).dueToday).toBe(0);
    const again = await call("POST", `/api/review/${second.cardId}/answer`, u.auth, { answer: key[index(second)] });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toMatch(/correctIndex/);
  });

  it("refuses another learner's card (404), a card not yet due (409), bad input (400 naming the field), visitors (401)", async () => {
    clock = start;
    const owner = await registerUser(app);
    const other = await registerUser(app);
    const [, , lesson] = await lessons("java-programming");
    if (!lesson) throw new Error("no lesson");
    await missOne(owner.auth, lesson._id, 0);
    const [card] = await database.db.select().from(reviewCards).where(eq(reviewCards.userId, owner.user._id));
    if (!card) throw new Error("no card");
    const [keyed] = await answersFor(app, lesson._id);
    const url = `/api/review/${card.id}/answer`;

    const early = await call("POST", url, owner.auth, { answer: keyed });
    expect(early.statusCode).toBe(409);
    expect(early.body).not.toMatch(/correctIndex/);

    clock += DAY;
    const forged = await call("POST", url, other.auth, { answer: keyed });
    expect(forged.statusCode).toBe(404);
    expect((await deck(other.auth)).dueToday).toBe(0);
    const unknown = await call("POST", "/api/review/00000000-0000-4000-8000-000000000000/answer", owner.auth, {
      answer: 0,
    });
    expect(unknown.statusCode).toBe(404);
    const badId = await call("POST", "/api/review/not-a-card/answer", owner.auth, { answer: 0 });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/^params\.cardId/);
    for (const answer of [4, -1, 1.5, "0", null]) {
      const bad = await call("POST", url, owner.auth, { answer });
      expect(bad.statusCode, JSON.stringify(answer)).toBe(400);
      expect(bad.json().message).toMatch(/^body\.answer/);
    }
    expect((await call("GET", "/api/review", {})).statusCode).toBe(401);
    expect((await call("POST", url, {}, { answer: 0 })).statusCode).toBe(401);
    // None of that reviewed the card: the owner still has it due.
    expect((await deck(owner.auth)).dueToday).toBe(1);
  });

  it("two racing answers to one due card review it once", async () => {
    clock = start;
    const u = await registerUser(app);
    const [, , , lesson] = await lessons("java-programming");
    if (!lesson) throw new Error("no lesson");
    await missOne(u.auth, lesson._id, 0);
    clock += DAY;
    const [card] = (await deck(u.auth)).questions;
    const [keyed] = await answersFor(app, lesson._id);
    const url = `/api/review/${card?.cardId}/answer`;
    const answers = await Promise.all([
      call("POST", url, u.auth, { answer: keyed }),
      call("POST", url, u.auth, { answer: ((keyed ?? 0) + 1) % 4 }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await database.db.select().from(reviewCards).where(eq(reviewCards.userId, u.user._id));
    expect(row?.reps).toBe(2);
  });

  it("a course quiz's wrong answer enters the deck too, in the same transaction as the attempt", async () => {
    clock = start;
    const u = await registerUser(app);
    const { questions } = await app.catalogue.courseQuizWithAnswers("java-programming");
    const answers = questions.map((q, i) => (i === 0 ? (q.correct + 1) % 4 : q.correct));
    const res = await call("POST", "/api/quiz/course-attempts", u.auth, { courseId: "java-programming", answers });
    expect(res.statusCode).toBe(200);
    clock += DAY;
    const d = await deck(u.auth);
    expect(d.questions).toEqual([
      expect.objectContaining({ materialId: null, from: "Course quiz", question: questions[0]?.question }),
    ]);
  });

  it("premium questions only for learners who can read them", async () => {
    clock = start;
    const u = await registerUser(app);
    const premiumCourse = (await app.catalogue.listCourses()).find((c) => c.access === "premium")?._id ?? "";
    const lesson = (await lessons(premiumCourse)).find((l) => l.position > 0);
    if (!lesson) throw new Error("no premium lesson");
    // A free learner cannot take it, so nothing enters their deck.
    const answers = await answersFor(app, lesson._id);
    const refused = await call("POST", "/api/quiz/attempts", u.auth, {
      materialId: lesson._id,
      answers: answers.map((a) => (a + 1) % 4),
    });
    expect(refused.statusCode).toBe(403);
    expect(await database.db.select().from(reviewCards).where(eq(reviewCards.userId, u.user._id))).toEqual([]);

    await database.db.update(users).set({ isPremium: true }).where(eq(users.id, u.user._id));
    await missOne(u.auth, lesson._id, 0);
    clock += DAY;
    const d = await deck(u.auth);
    expect(d.dueToday).toBe(1);
    const cardId = d.questions[0]?.cardId ?? "";

    // Premium taken away (an operator's revoke): the card is neither listed nor answerable.
    await database.db.update(users).set({ isPremium: false }).where(eq(users.id, u.user._id));
    const after = await deck(u.auth);
    expect(after).toMatchObject({ dueToday: 0, questions: [] });
    expect(JSON.stringify(after)).not.toContain(lesson.quiz[0]?.question ?? "?");
    const locked = await call("POST", `/api/review/${cardId}/answer`, u.auth, { answer: answers[0] });
    expect(locked.statusCode).toBe(403);
    expect(locked.body).not.toMatch(/correctIndex/);
  });

  it("trials: a failed submission is due tomorrow, a pass of the due card pushes it further, a solve with help enters", async () => {
    clock = start;
    const u = await registerUser(app);
    const submit = (code: string) =>
      call("POST", `/api/exercises/${PYTHON}/submissions`, u.auth, { code, language: "python" });
    expect((await submit("print('no')")).json().passed).toBe(false);
    clock += DAY;
    const d = await deck(u.auth);
    expect(d.trials).toEqual([
      expect.objectContaining({ exerciseId: PYTHON, title: trial.title, courseId: "python-programming" }),
    ]);
    expect(d.questions).toEqual([]);
    expect(JSON.stringify(d)).not.toContain(trial.solution.trim());
    const cardId = d.trials[0]?.cardId ?? "";
    // A trial card is reviewed by submitting the trial, not through the quiz answer.
    expect((await call("POST", `/api/review/${cardId}/answer`, u.auth, { answer: 0 })).statusCode).toBe(409);

    expect((await submit("# SOLVED")).json().passed).toBe(true);
    const [card] = await database.db.select().from(reviewCards).where(eq(reviewCards.id, cardId));
    expect((card?.due.getTime() ?? 0) - clock).toBeGreaterThan(DAY);
    expect((await deck(u.auth)).dueToday).toBe(0);

    // Another learner who reveals the solution and then passes: solved with help enters the deck.
    const helped = await registerUser(app);
    const reveal = await call("POST", `/api/exercises/${PYTHON}/solution`, helped.auth, {
      acceptCost: true,
      early: true,
    });
    expect(reveal.statusCode).toBe(200);
    const pass = await call("POST", `/api/exercises/${PYTHON}/submissions`, helped.auth, {
      code: "# SOLVED",
      language: "python",
    });
    expect(pass.json().passed).toBe(true);
    clock += DAY;
    expect((await deck(helped.auth)).trials.map((t) => t.exerciseId)).toEqual([PYTHON]);
  });

  it("moves the review clock by the test header only when TEST_CLOCK=1, which production refuses", async () => {
    clock = start;
    const u = await registerUser(app);
    const [lesson] = await lessons("python-programming");
    if (!lesson) throw new Error("no lesson");
    await missOne(u.auth, lesson._id, 0);
    const ahead = { ...u.auth, "x-test-clock-days": "1" };
    expect((await deck(ahead)).dueToday).toBe(0);

    const testApp = await buildApp({
      database,
      config: loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_JWT_SECRET, TEST_CLOCK: "1" }),
      now: () => clock,
    });
    await testApp.ready();
    try {
      const get = (headers: Record<string, string>) => testApp.inject({ method: "GET", url: "/api/review", headers });
      expect((await get(u.auth)).json().dueToday).toBe(0);
      expect((await get(ahead)).json().dueToday).toBe(1);
      const bad = await get({ ...u.auth, "x-test-clock-days": "tomorrow" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^headers\.x-test-clock-days/);
    } finally {
      await testApp.close();
    }
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        TEST_CLOCK: "1",
        JWT_SECRET: TEST_JWT_SECRET,
        PUBLIC_ORIGIN: "https://example.com",
      }),
    ).toThrow(/TEST_CLOCK: cannot be 1/);
  });
});
