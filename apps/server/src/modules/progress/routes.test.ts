import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import { putCompleted, takeQuiz } from "../../../test/quiz.js";
import { exercisePasses, exercises, quizAttempts, topicCompletionChanges, topicCompletions } from "../../db/schema.js";

const record = (completed: string[]) => ({
  completed,
  knowledgeUnlocked: completed,
  topicProgress: Object.fromEntries(completed.map((id) => [id, 100])),
  xp: completed.length * 50,
  streak: completed.length,
});

describe.each(engines)("progress API on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  let ids: string[];
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    ids = (await t.app.catalogue.lessonsWithAnswers("java-programming")).map((l) => l._id);
  });
  afterAll(() => t.close());

  const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "PUT", url, payload: payload as object, headers });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("is computed from graded attempts and completions backed by a pass", async () => {
    const u = await registerUser(t.app);
    const [a, b] = ids as [string, string];
    const empty = await get("/api/progress/java-programming", u.auth);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ courseId: "java-programming", completed: [], xp: 0, streak: 0 });
    expect((await get("/api/progress", u.auth)).json()).toEqual([]);

    // 3 of 5: recorded as the topic's score, knowledge stays locked, completion is refused.
    expect((await takeQuiz(t.app, u.auth, a, 3)).json()).toMatchObject({ score: 60, passed: false });
    const refused = await putCompleted(t.app, u.auth, "java-programming", [a, b]);
    expect(refused.json()).toMatchObject({ completed: [], knowledgeUnlocked: [], topicProgress: { [a]: 60 }, xp: 0 });

    // 4 of 5 passes; the completion button then counts (b, never passed, still does not).
    expect((await takeQuiz(t.app, u.auth, a, 4)).json()).toMatchObject({ score: 80, passed: true });
    const done = await putCompleted(t.app, u.auth, "java-programming", [a, b]);
    expect(done.json()).toMatchObject({ completed: [a], knowledgeUnlocked: [a], topicProgress: { [a]: 80 }, xp: 50 });
    // Activity today: a streak of one calendar day, in any zone the browser names.
    expect(done.json().streak).toBe(1);
    const inKolkata = await get("/api/progress/java-programming?timeZone=Asia/Kolkata", u.auth);
    expect(inKolkata.json().streak).toBe(1);

    // A worse retake keeps the best score; un-completing is kept and takes the xp off.
    await takeQuiz(t.app, u.auth, a, 1);
    const undone = await putCompleted(t.app, u.auth, "java-programming", []);
    expect(undone.json()).toMatchObject({ completed: [], knowledgeUnlocked: [a], topicProgress: { [a]: 80 }, xp: 0 });
    const all = (await get("/api/progress", u.auth)).json();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ courseId: "java-programming", knowledgeUnlocked: [a] });
  });

  it("marking a topic incomplete leaves the streak unchanged (spec: only the xp goes down)", async () => {
    const u = await registerUser(t.app);
    const [, , c] = ids as [string, string, string];
    // The quiz was passed yesterday; the completion button is pressed today: two days in a row.
    await t.database.db.insert(quizAttempts).values({
      userId: u.user._id,
      courseId: "java-programming",
      materialId: c,
      score: 100,
      answers: [],
      createdAt: new Date(Date.now() - 24 * 60 * 60 * 1000),
    });
    const done = (await putCompleted(t.app, u.auth, "java-programming", [c])).json();
    expect(done).toMatchObject({ completed: [c], xp: 50, streak: 2 });
    const undone = (await putCompleted(t.app, u.auth, "java-programming", [])).json();
    expect(undone).toMatchObject({ completed: [], xp: 0, streak: 2 });
    expect((await get("/api/progress/java-programming", u.auth)).json().streak).toBe(2);
  });

  it("lists every course the learner left a trace in, once each, and not one with only a course quiz", async () => {
    const u = await registerUser(t.app);
    const db = t.database.db;
    const lessonOf = async (courseId: string) => (await t.app.catalogue.lessonsWithAnswers(courseId))[0]?._id ?? "";
    const [trial] = await db
      .select({ id: exercises.id })
      .from(exercises)
      .where(eq(exercises.courseId, "python-programming"))
      .limit(1);
    const java = ids[0] as string;
    // A topic's quiz twice (one course, listed once); a trial passed; a completion; a completion undone.
    for (const score of [40, 100]) {
      await db
        .insert(quizAttempts)
        .values({ userId: u.user._id, courseId: "java-programming", materialId: java, score });
    }
    await db
      .insert(exercisePasses)
      .values({ userId: u.user._id, exerciseId: trial?.id ?? "", courseId: "python-programming" });
    await db.insert(topicCompletions).values({
      userId: u.user._id,
      courseId: "javascript-fundamentals",
      materialId: await lessonOf("javascript-fundamentals"),
    });
    await db.insert(topicCompletionChanges).values({
      userId: u.user._id,
      courseId: "sql-databases",
      materialId: await lessonOf("sql-databases"),
      completed: false,
    });
    // A course-level quiz attempt (no topic) is not progress in that course.
    await db.insert(quizAttempts).values({ userId: u.user._id, courseId: "git-version-control", score: 20 });

    const all = (await get("/api/progress", u.auth)).json() as { courseId: string }[];
    expect(all.map((p) => p.courseId)).toEqual([
      "java-programming",
      "javascript-fundamentals",
      "python-programming",
      "sql-databases",
    ]);
  });

  it("answers 404 for an unknown course", async () => {
    const u = await registerUser(t.app);
    expect((await get("/api/progress/no-such-course", u.auth)).statusCode).toBe(404);
    expect((await put("/api/progress/no-such-course", record([]), u.auth)).statusCode).toBe(404);
  });

  it("answers bad bodies and zones with 400, never 500", async () => {
    const u = await registerUser(t.app);
    const bad: unknown[] = [
      {},
      { ...record([]), completed: "a" },
      { ...record([]), xp: -1 },
      { ...record([]), xp: "50" },
      { ...record([]), streak: 1.5 },
      { ...record([]), topicProgress: { a: 101 } },
      { ...record([]), completed: ["x".repeat(500)] },
      { ...record([]), completed: Array.from({ length: 1001 }, (_, i) => `m${i}`) },
      [],
    ];
    for (const body of bad) {
      const res = await put("/api/progress/java-programming", body, u.auth);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(/^body/);
    }
    const notJson = await t.app.inject({
      method: "PUT",
      url: "/api/progress/java-programming",
      headers: { ...u.auth, "content-type": "application/json" },
      payload: "{nope",
    });
    expect(notJson.statusCode).toBe(400);
    const zone = await get("/api/progress/java-programming?timeZone=Mars%2FOlympus", u.auth);
    expect(zone.statusCode).toBe(400);
    expect(zone.json().message).toMatch(/^querystring\.timeZone: /);
  });

  it("requires a login for every progress endpoint", async () => {
    expect((await get("/api/progress")).statusCode).toBe(401);
    expect((await get("/api/progress/java-programming")).statusCode).toBe(401);
    expect((await put("/api/progress/java-programming", record(["a"]))).statusCode).toBe(401);
  });

  it("never shows or changes another user's progress", async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const [a] = ids as [string];
    await takeQuiz(t.app, alice.auth, a);
    await putCompleted(t.app, alice.auth, "java-programming", [a]);
    expect((await get("/api/progress", bob.auth)).json()).toEqual([]);
    // Bob cannot complete on the strength of Alice's pass, nor undo hers.
    expect((await putCompleted(t.app, bob.auth, "java-programming", [a])).json().completed).toEqual([]);
    await putCompleted(t.app, bob.auth, "java-programming", []);
    expect((await get("/api/progress/java-programming", alice.auth)).json().completed).toEqual([a]);
  });
});
