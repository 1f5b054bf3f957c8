import { explainNamesOption } from "@koc/content";
import { lessonPath, QUIZ_ATTEMPTS_PER_WINDOW } from "@koc/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { engines, realCatalogue } from "../../../test/harness.js";
import { answersFor } from "../../../test/quiz.js";
import { courses, users } from "../../db/schema.js";

interface Keyed {
  options: string[];
  correct: number;
}

/**
 * What an attacker could read a key from: every string of the answer (an address only by its
 * `#section-…` part: the lesson's own address is no secret), every field name, and the receipt's claims.
 */
function readableParts(body: Record<string, unknown>): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key: string) => {
    if (typeof v === "string") out.push(key === "href" ? (v.split("#")[1] ?? "").replace(/-/g, " ") : v);
    else if (Array.isArray(v)) for (const x of v) walk(x, key);
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(body, "");
  if (typeof body.receipt === "string") {
    const claims = JSON.parse(Buffer.from(body.receipt.split(".")[0] ?? "", "base64url").toString());
    expect(Object.keys(claims).sort()).toEqual(expect.arrayContaining(["i", "s", "t"]));
    expect(Object.keys(claims).every((k) => ["i", "m", "c", "s", "t"].includes(k))).toBe(true);
  }
  return out;
}

/**
 * The attacker's check: a failed answer names no correct option, by index or by text (of the
 * questions it got wrong: the right ones the attacker chose himself).
 */
function expectNoKey(res: { statusCode: number; body: string; json: () => Record<string, unknown> }, key: Keyed[]) {
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.passed).toBe(false);
  expect(res.body).not.toMatch(/correctIndex|"correct":\s*\d|"options"|"answer/);
  const results = body.results as Record<string, unknown>[];
  expect(results).toHaveLength(key.length);
  for (const r of results) {
    expect(Object.keys(r).every((k) => ["correct", "explain", "read"].includes(k))).toBe(true);
    if (r.correct === true) expect(Object.keys(r)).toEqual(["correct"]);
  }
  const parts = readableParts(body);
  for (const q of key.filter((_, i) => results[i]?.correct === false)) {
    const keyed = q.options[q.correct] ?? "";
    for (const part of parts) expect(explainNamesOption(part, keyed), `"${part}" names "${keyed}"`).toBe(false);
  }
}

describe.each(engines)("quizzes that teach, on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  const catalogue = realCatalogue();
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
  });
  afterAll(() => t.close());

  const attempt = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = "127.0.0.1") =>
    t.app.inject({ method: "POST", url, payload, headers, remoteAddress });

  it("an attacker's all-zero answers to every Java topic read no key, as a visitor or a learner", async () => {
    const learner = await registerUser(t.app);
    const java = await t.app.catalogue.lessonsWithAnswers("java-programming");
    let failed = 0;
    for (const [i, lesson] of java.entries()) {
      const payload = { materialId: lesson._id, answers: lesson.quiz.map(() => 0) };
      if (lesson.quiz.filter((q) => q.correct === 0).length >= 4) continue; // all-zero would pass
      // A fresh address per topic and a pause-free run: the burst limit is not what this test is about.
      expectNoKey(await attempt("/api/quiz/attempts", payload, {}, `10.9.${i}.1`), lesson.quiz);
      if (i % 10 === 0) expectNoKey(await attempt("/api/quiz/attempts", payload, learner.auth), lesson.quiz);
      failed++;
    }
    expect(failed).toBeGreaterThan(50);
  });

  it("an attacker's all-zero answers to every course quiz read no key", async () => {
    const premium = await registerUser(t.app);
    await t.database.db.update(users).set({ isPremium: true }).where(eq(users.id, premium.user._id));
    for (const [i, c] of catalogue.courses.entries()) {
      const { questions } = await t.app.catalogue.courseQuizWithAnswers(c.id);
      if (questions.every((q) => q.correct === 0)) continue;
      const payload = { courseId: c.id, answers: questions.map(() => 0) };
      expectNoKey(await attempt("/api/quiz/course-attempts", payload, premium.auth, `10.8.${i}.1`), questions);
    }
  });

  it("a failed attempt explains each wrong answer and links the lesson section that teaches it", async () => {
    // Python's course quiz: the keyed options are 1, 2, 0; the third answer is wrong.
    const res = await attempt("/api/quiz/course-attempts", { courseId: "python-programming", answers: [1, 2, 3] });
    const own = catalogue.courses.find((c) => c.id === "python-programming")?.quiz ?? [];
    expect(res.json()).toEqual({
      score: 67,
      passed: false,
      results: [
        { correct: true },
        { correct: true },
        {
          correct: false,
          explain: own[2]?.explain,
          read: {
            title: "Creating and Reading Lists",
            href: "/course/python-programming/lesson/python-programming--lists-and-tuples#section-creating-and-reading-lists",
          },
        },
      ],
      receipt: expect.any(String),
    });
  });

  it("a topic's wrong answer links its lesson (at the section its see names)", async () => {
    const lesson = (await t.app.catalogue.lessonsWithAnswers("python-programming"))[0];
    if (!lesson) throw new Error("no lesson");
    const wrong = lesson.quiz.map((q) => (q.correct + 1) % 4);
    const res = await attempt("/api/quiz/attempts", { materialId: lesson._id, answers: wrong }, {}, "10.7.0.1");
    const first = (res.json().results as { read: { href: string } }[])[0];
    expect(first?.read.href.startsWith(lessonPath("python-programming", lesson._id))).toBe(true);
  });

  it("a pass returns the whole key with every explanation", async () => {
    const u = await registerUser(t.app);
    const own = catalogue.courses.find((c) => c.id === "java-programming")?.quiz ?? [];
    const answers = own.map((q, i) => (i === 0 ? (q.correct + 1) % 4 : q.correct));
    const res = await attempt("/api/quiz/course-attempts", { courseId: "java-programming", answers }, u.auth);
    expect(res.json()).toMatchObject({ score: 80, passed: true });
    const results = res.json().results as { correct: boolean; correctIndex: number; explain: string; read: object }[];
    expect(results.map((r) => r.correctIndex)).toEqual(own.map((q) => q.correct));
    expect(results.map((r) => r.explain)).toEqual(own.map((q) => q.explain));
    expect(results[0]).toMatchObject({ correct: false, read: { title: "Comparing Strings" } });
  });

  it("allows 5 attempts per topic per learner in 10 minutes; the sixth gets 429, the wait and a reason to re-read", async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const [a, b] = await t.app.catalogue.lessonsWithAnswers("javascript-fundamentals");
    if (!a || !b) throw new Error("no lessons");
    const take = async (materialId: string, auth: Record<string, string>) =>
      attempt("/api/quiz/attempts", { materialId, answers: await answersFor(t.app, materialId, 2) }, auth);
    for (let i = 0; i < QUIZ_ATTEMPTS_PER_WINDOW; i++) expect((await take(a._id, u.auth)).statusCode).toBe(200);
    const sixth = await take(a._id, u.auth);
    expect(sixth.statusCode).toBe(429);
    const wait = Number(sixth.headers["retry-after"]);
    expect(wait).toBeGreaterThan(60);
    expect(wait).toBeLessThanOrEqual(600);
    expect(sixth.json().message).toMatch(
      /^You have taken this Knowledge Check 5 times in 10 minutes\. Rest your sword for \d+ minutes: re-read the lesson/,
    );
    // Another topic, and another learner on the same topic, are not held back.
    expect((await take(b._id, u.auth)).statusCode).toBe(200);
    expect((await take(a._id, other.auth)).statusCode).toBe(200);
  });

  it("limits a visitor per address, and the course quiz the same way", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await attempt(
        "/api/quiz/course-attempts",
        { courseId: "git-version-control", answers: [0, 0, 0, 0] },
        {},
        "10.6.0.1",
      );
      statuses.push(res.statusCode);
      if (i === 5) expect(res.json().message).toMatch(/this course quiz 5 times .* re-read the lessons/);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const elsewhere = await attempt(
      "/api/quiz/course-attempts",
      { courseId: "git-version-control", answers: [0, 0, 0, 0] },
      {},
      "10.6.0.2",
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it("serves every catalogue course its own course quiz of 3 or more questions, without key", async () => {
    const premium = await registerUser(t.app);
    await t.database.db.update(users).set({ isPremium: true }).where(eq(users.id, premium.user._id));
    const listed = (await t.app.inject({ method: "GET", url: "/api/courses" })).json() as { _id: string }[];
    expect(listed).toHaveLength(catalogue.courses.length);
    for (const { _id } of listed) {
      const own = catalogue.courses.find((c) => c.id === _id)?.quiz;
      expect(own?.length ?? 0, _id).toBeGreaterThanOrEqual(3);
      const res = await t.app.inject({ method: "GET", url: `/api/courses/${_id}/quiz`, headers: premium.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        courseId: _id,
        questions: own?.map((q) => ({ question: q.question, options: q.options })),
      });
    }
    expect((await t.app.inject({ method: "GET", url: "/api/courses/react-development/quiz" })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/courses/nowhere/quiz" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/courses/Bad%20Id/quiz" })).statusCode).toBe(400);
  });

  it("keeps the three published sets exactly, and falls back to the JavaScript set only for a course without one", async () => {
    const question = (id: string, i: number) => catalogue.courses.find((c) => c.id === id)?.quiz?.[i]?.question;
    expect(question("javascript-fundamentals", 1)).toBe("What does typeof null return in JavaScript?");
    expect(question("python-programming", 0)).toBe("How do you start a function definition in Python?");
    expect(question("react-development", 2)).toBe("How does a parent component pass data to a child component?");

    await t.database.db.update(courses).set({ quiz: [] }).where(eq(courses.id, "sql-databases"));
    t.app.catalogue.clearCache();
    const js = (await t.app.inject({ method: "GET", url: "/api/courses/javascript-fundamentals/quiz" })).json();
    const sql = (await t.app.inject({ method: "GET", url: "/api/courses/sql-databases/quiz" })).json();
    expect(sql.questions).toEqual(js.questions);
  });
});
