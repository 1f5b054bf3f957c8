import { PREMIUM_COURSE_QUIZ } from "@koc/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser, TEST_JWT_SECRET } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import { answersFor, putCompleted, takeQuiz } from "../../../test/quiz.js";
import { quizAttempts, users } from "../../db/schema.js";
import { createReceiptSigner } from "./receipts.js";

describe.each(engines)("quiz API on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  let ids: string[];
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    ids = (await t.app.catalogue.lessonsWithAnswers("java-programming")).map((l) => l._id);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, payload: payload as object, headers });

  it("grades on the server: 4 of 5 is 80%, a pass; 3 of 5 is 60%, a fail; results only after submission", async () => {
    const id = ids[0] as string;
    const lesson = await t.app.inject({ method: "GET", url: `/api/materials/${id}` });
    expect(lesson.body).not.toMatch(/"correct/);
    const key = await answersFor(t.app, id);
    expect(key).toHaveLength(5);

    const pass = await takeQuiz(t.app, {}, id, 4);
    expect(pass.statusCode).toBe(200);
    expect(pass.json()).toMatchObject({ score: 80, passed: true });
    expect(pass.json().results.map((r: { correct: boolean }) => r.correct)).toEqual([true, true, true, true, false]);
    // A pass carries the whole key.
    expect(pass.json().results.map((r: { correctIndex: number }) => r.correctIndex)).toEqual(key);

    const fail = await takeQuiz(t.app, {}, id, 3);
    expect(fail.json()).toMatchObject({ score: 60, passed: false });
    expect(fail.body).not.toMatch(/correctIndex/);
  });

  it("answers 400 for a wrong number of answers or bad values, 404 for an unknown lesson", async () => {
    const id = ids[0] as string;
    for (const answers of [[0, 1], [0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 9], "x", []]) {
      const res = await post("/api/quiz/attempts", { materialId: id, answers });
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json().message).toMatch(/^body\.answers/);
    }
    const missing = await post("/api/quiz/attempts", { materialId: "java-programming--nope", answers: [0] });
    expect(missing.statusCode).toBe(404);
  });

  it("refuses premium quizzes to visitors and free learners, but not the preview", async () => {
    const courses = (await t.app.inject({ method: "GET", url: "/api/courses" })).json() as {
      _id: string;
      access: string;
    }[];
    const premium = courses.find((c) => c.access === "premium")?._id as string;
    const lessons = await t.app.catalogue.lessonsWithAnswers(premium);
    const free = await registerUser(t.app);
    expect((await takeQuiz(t.app, free.auth, (lessons[1] as { _id: string })._id)).statusCode).toBe(403);
    expect((await takeQuiz(t.app, {}, (lessons[1] as { _id: string })._id)).statusCode).toBe(403);
    expect((await takeQuiz(t.app, {}, (lessons[0] as { _id: string })._id)).statusCode).toBe(200);
  });

  it("keeps a premium course's course-level quiz for premium learners", async () => {
    const courses = (await t.app.inject({ method: "GET", url: "/api/courses" })).json() as {
      _id: string;
      access: string;
    }[];
    const premium = courses.find((c) => c.access === "premium");
    if (!premium) throw new Error("the catalogue has no premium course");
    const count = (await t.app.catalogue.courseQuizWithAnswers(premium._id)).questions.length;
    const answers = Array.from({ length: count }, () => 0);
    const visitor = await post("/api/quiz/course-attempts", { courseId: premium._id, answers });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().message).toBe(PREMIUM_COURSE_QUIZ);
    expect(visitor.body).not.toMatch(/receipt/);
    const free = await registerUser(t.app);
    const refused = await post("/api/quiz/course-attempts", { courseId: premium._id, answers }, free.auth);
    expect(refused.statusCode).toBe(403);
    const before = await t.database.db.select().from(quizAttempts).where(eq(quizAttempts.userId, free.user._id));
    expect(before).toHaveLength(0);

    await t.database.db.update(users).set({ isPremium: true }).where(eq(users.id, free.user._id));
    const taken = await post("/api/quiz/course-attempts", { courseId: premium._id, answers }, free.auth);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toHaveProperty("score");
  });

  it("grades the course-level quiz on the server", async () => {
    // Python Programming's set: the right options are 1, 2, 0.
    const right = await post("/api/quiz/course-attempts", { courseId: "python-programming", answers: [1, 2, 0] });
    expect(right.json()).toMatchObject({ score: 100, passed: true });
    const two = await post("/api/quiz/course-attempts", { courseId: "python-programming", answers: [1, 2, 3] });
    expect(two.json()).toMatchObject({ score: 67, passed: false });
    expect(two.json().results[2]).not.toHaveProperty("correctIndex");
    expect((await post("/api/quiz/course-attempts", { courseId: "nowhere", answers: [0, 0, 0] })).statusCode).toBe(404);
  });

  it("a visitor's receipts count once after registration; tampered, expired or reused ones count for nothing", async () => {
    const [a, b, c] = ids as [string, string, string];
    const passA = (await takeQuiz(t.app, {}, a)).json();
    const failB = (await takeQuiz(t.app, {}, b, 2)).json();
    expect(passA.receipt).toEqual(expect.any(String));
    expect(failB.receipt).toEqual(expect.any(String));
    // A visitor's receipt claims a pass it never had: change the score inside the payload.
    const passC = (await takeQuiz(t.app, {}, c, 0)).json().receipt as string;
    const [payload, sig] = passC.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const tampered = `${Buffer.from(JSON.stringify({ ...claims, s: 100 })).toString("base64url")}.${sig}`;
    const expired = createReceiptSigner(TEST_JWT_SECRET).issue(c, 100, Date.now() - 31 * 24 * 60 * 60 * 1000);
    const otherKey = createReceiptSigner("some-other-secret-of-enough-length").issue(c, 100, Date.now());

    const u = await registerUser(t.app);
    const redeemed = await post(
      "/api/quiz/receipts",
      { receipts: [passA.receipt, failB.receipt, tampered, expired, otherKey, "junk"] },
      u.auth,
    );
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toEqual({ accepted: 2, rejected: 4 });

    const progress = (await putCompleted(t.app, u.auth, "java-programming", [a, b, c])).json();
    expect(progress).toMatchObject({
      completed: [a],
      knowledgeUnlocked: [a],
      topicProgress: { [a]: 100, [b]: 40 },
      xp: 50,
    });

    // Used once: neither this learner again nor anyone else can count it a second time.
    expect((await post("/api/quiz/receipts", { receipts: [passA.receipt] }, u.auth)).json()).toEqual({
      accepted: 0,
      rejected: 1,
    });
    const other = await registerUser(t.app);
    expect((await post("/api/quiz/receipts", { receipts: [passA.receipt] }, other.auth)).json().accepted).toBe(0);
    expect((await t.app.inject({ method: "GET", url: "/api/progress", headers: other.auth })).json()).toEqual([]);
    expect((await post("/api/quiz/receipts", { receipts: [passA.receipt] })).statusCode).toBe(401);
  });

  it("grades an attempt queued offline and forged in the browser like any other: a wrong sheet stays failed", async () => {
    // The offline queue (apps/web/src/lib/offline/attempts.ts) replays the stored body as it is; a
    // learner may have edited it in IndexedDB to claim a pass.
    const u = await registerUser(t.app);
    const id = ids[2] as string;
    const wrong = await answersFor(t.app, id, 1);
    const forged = {
      materialId: id,
      answers: wrong,
      passed: true,
      score: 100,
      results: wrong.map(() => ({ correct: true })),
      queuedAt: "2020-01-01T00:00:00.000Z",
    };
    const res = await post("/api/quiz/attempts", forged, u.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ score: 20, passed: false });
    expect(res.body).not.toMatch(/correctIndex/);
    const rows = await t.database.db.select().from(quizAttempts).where(eq(quizAttempts.userId, u.user._id));
    expect(rows.map((r) => r.score)).toEqual([20]);
    // Nothing counts: the topic is not unlocked and a claimed completion is left out.
    const claimed = await putCompleted(t.app, u.auth, "java-programming", [id]);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ completed: [], knowledgeUnlocked: [] });
    const progress = await t.app.inject({ method: "GET", url: "/api/progress/java-programming", headers: u.auth });
    expect(progress.json()).toMatchObject({ completed: [], knowledgeUnlocked: [], xp: 0 });
    expect(progress.json().topicProgress[id]).toBe(20);
  });

  it("records a learner's attempt: score, answers and time; a visitor's attempt is not recorded", async () => {
    const u = await registerUser(t.app);
    const id = ids[4] as string;
    const answers = await answersFor(t.app, id, 3);
    const res = await post("/api/quiz/attempts", { materialId: id, answers }, u.auth);
    expect(res.json()).toMatchObject({ score: 60, passed: false });
    const rows = await t.database.db.select().from(quizAttempts).where(eq(quizAttempts.userId, u.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      materialId: id,
      courseId: "java-programming",
      score: 60,
      answers,
      source: "attempt",
    });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);

    const all = await t.database.db.select({ userId: quizAttempts.userId }).from(quizAttempts);
    expect((await post("/api/quiz/attempts", { materialId: id, answers })).json().receipt).toEqual(expect.any(String));
    expect(await t.database.db.select({ userId: quizAttempts.userId }).from(quizAttempts)).toHaveLength(all.length);
  });

  it("limits a visitor's attempts per address over all topics (30 a minute); another address is not affected", async () => {
    const from = async (remoteAddress: string, i: number) => {
      const id = ids[i] as string;
      const answers = await answersFor(t.app, id);
      return t.app.inject({
        method: "POST",
        url: "/api/quiz/attempts",
        payload: { materialId: id, answers },
        remoteAddress,
      });
    };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await from("10.77.0.1", i)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const limited = await from("10.77.0.1", 31);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many quiz attempts/);
    expect((await from("10.77.0.2", 0)).statusCode).toBe(200);
  });

  it("a visitor's course-level quiz carries a receipt too: recorded once after sign-in, never as a topic", async () => {
    const visitor = await post("/api/quiz/course-attempts", { courseId: "python-programming", answers: [1, 2, 3] });
    expect(visitor.json()).toMatchObject({ score: 67, passed: false, receipt: expect.any(String) });
    const receipt = visitor.json().receipt as string;
    const [payload, sig] = receipt.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const tampered = `${Buffer.from(JSON.stringify({ ...claims, s: 100 })).toString("base64url")}.${sig}`;
    const unknownCourse = createReceiptSigner(TEST_JWT_SECRET).issueForCourse("nowhere", 100, Date.now());

    const u = await registerUser(t.app);
    const redeemed = await post("/api/quiz/receipts", { receipts: [receipt, tampered, unknownCourse] }, u.auth);
    expect(redeemed.json()).toEqual({ accepted: 1, rejected: 2 });
    expect((await post("/api/quiz/receipts", { receipts: [receipt] }, u.auth)).json().accepted).toBe(0);
    const rows = await t.database.db.select().from(quizAttempts).where(eq(quizAttempts.userId, u.user._id));
    expect(rows).toEqual([
      expect.objectContaining({ courseId: "python-programming", materialId: null, score: 67, source: "receipt" }),
    ]);
    // The course-level quiz is practice: it unlocks and completes no topic.
    expect((await t.app.inject({ method: "GET", url: "/api/progress", headers: u.auth })).json()).toEqual([]);

    const learner = await post(
      "/api/quiz/course-attempts",
      { courseId: "python-programming", answers: [1, 2, 0] },
      u.auth,
    );
    expect(learner.json()).toMatchObject({ score: 100, passed: true });
    expect(learner.json().receipt).toBeUndefined();
  });

  it("a signed-in learner's attempt carries no receipt; attempts are rate-limited per learner", async () => {
    const u = await registerUser(t.app);
    const first = await takeQuiz(t.app, u.auth, ids[0] as string);
    expect(first.json().receipt).toBeUndefined();
    let last = first;
    for (let i = 1; i <= 30; i++) last = await takeQuiz(t.app, u.auth, ids[i] as string);
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toMatch(/Too many quiz attempts/);
  });
});
