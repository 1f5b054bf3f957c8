import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import {
  giveLearnerData,
  type LearnerRecords,
  lessonIds,
  SMALL_COURSE,
  TRIAL,
  TRIAL_COURSE,
} from "../../../test/learner-data.js";
import { putCompleted, takeQuiz } from "../../../test/quiz.js";
import { exerciseHelp, exercises } from "../../db/schema.js";

describe.each(engines)("starting a course over on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  let learner: Awaited<ReturnType<typeof registerUser>>;
  let other: Awaited<ReturnType<typeof registerUser>>;
  let records: LearnerRecords;

  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    learner = await registerUser(t.app);
    other = await registerUser(t.app);
    records = await giveLearnerData(t.app, t.database.db, learner, "restart 1");
    await giveLearnerData(t.app, t.database.db, other, "restart 2");
  });
  afterAll(() => t.close());

  const restart = (auth: Record<string, string>, courseId: string) =>
    t.app.inject({ method: "POST", url: `/api/courses/${courseId}/restart`, headers: auth });
  const progress = async (auth: Record<string, string>, courseId: string) =>
    (await t.app.inject({ url: `/api/progress/${courseId}`, headers: auth })).json();
  const exportOf = async (auth: Record<string, string>) =>
    (await t.app.inject({ url: "/api/account/export", headers: auth })).json();

  it("answers 404 for an unknown course, 400 for a malformed id, 403 when not enrolled, 401 without a session", async () => {
    expect((await restart(learner.auth, "no-such-course")).statusCode).toBe(404);
    expect((await restart(learner.auth, "Not A Slug!")).statusCode).toBe(400);
    const notEnrolled = await restart(learner.auth, "java-programming");
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json().message).toMatch(/enrol/i);
    expect((await t.app.inject({ method: "POST", url: `/api/courses/${SMALL_COURSE}/restart` })).statusCode).toBe(401);
  });

  it("resets the course's quizzes, completions, trials and help, and keeps certificates, payments and attempts", async () => {
    const before = await progress(learner.auth, TRIAL_COURSE);
    expect(before.xp).toBeGreaterThan(0);
    expect(before.completed).toHaveLength(1);
    // A second trial of the course whose solution the learner had revealed.
    const [revealed] = await t.database.db
      .select({ id: exercises.id })
      .from(exercises)
      .where(and(eq(exercises.courseId, TRIAL_COURSE), ne(exercises.id, TRIAL)))
      .limit(1);
    await t.database.db.insert(exerciseHelp).values({
      userId: learner.user._id,
      exerciseId: String(revealed?.id),
      failures: 3,
      hintsTaken: 3,
      failuresAtLastHint: 3,
      revealedAt: new Date(),
    });
    const otherBefore = await exportOf(other.auth);
    const smallBefore = await progress(learner.auth, SMALL_COURSE);

    const res = await restart(learner.auth, TRIAL_COURSE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      courseId: TRIAL_COURSE,
      completed: [],
      knowledgeUnlocked: [],
      topicProgress: {},
      xp: 0,
    });
    expect(await progress(learner.auth, TRIAL_COURSE)).toMatchObject({ completed: [], xp: 0 });

    const data = await exportOf(learner.auth);
    const inCourse = (rows: { courseId?: string; exerciseId?: string }[]) =>
      rows.filter((r) => r.courseId === TRIAL_COURSE || r.exerciseId?.startsWith(`${TRIAL_COURSE}--`));
    expect(inCourse(data.quizAttempts)).toEqual([]);
    expect(inCourse(data.lessonCompletions)).toEqual([]);
    expect(inCourse(data.exercisePasses)).toEqual([]);
    // The ladder starts again, but a solution once seen stays seen (a later pass is "with help").
    expect(inCourse(data.helpLadder)).toEqual([
      expect.objectContaining({ exerciseId: revealed?.id, failures: 0, hintsTaken: 0, revealedAt: expect.any(String) }),
    ]);
    // Kept: the enrolment (at 0%), the attempt history and draft, the certificate and the payment.
    const enrolments = (await t.app.inject({ url: "/api/enrollments", headers: learner.auth })).json();
    expect(enrolments.find((e: { _id: string }) => e._id === TRIAL_COURSE)?.progress).toMatchObject({ completed: 0 });
    expect(data.exerciseAttempts).toEqual([expect.objectContaining({ exerciseId: TRIAL, code: records.attemptCode })]);
    expect(data.drafts).toHaveLength(1);
    expect(data.certificates).toEqual([expect.objectContaining({ code: records.certificateCode })]);
    expect(data.invoices).toEqual([expect.objectContaining({ id: records.invoiceId })]);
    expect(data.profile.isPremium).toBe(true);
    // The other course and the other learner are untouched.
    expect(await progress(learner.auth, SMALL_COURSE)).toEqual(smallBefore);
    expect({ ...(await exportOf(other.auth)), exportedAt: "" }).toEqual({ ...otherBefore, exportedAt: "" });
  });

  it("keeps an earned certificate valid after the course it was earned in starts over", async () => {
    const res = await restart(learner.auth, SMALL_COURSE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ completed: [], xp: 0 });
    const verify = await t.app.inject({ url: `/api/certificates/${records.certificateCode}` });
    expect(verify.statusCode).toBe(200);
    const mine = await t.app.inject({ url: "/api/certificates", headers: learner.auth });
    expect(mine.body).toContain(records.certificateCode);
  });

  it("counts nothing again without a new pass: a replayed completion claim is refused", async () => {
    const [first] = await lessonIds(t.app, SMALL_COURSE);
    const claim = await putCompleted(t.app, learner.auth, SMALL_COURSE, [String(first)]);
    expect(claim.statusCode).toBe(200);
    expect(claim.json()).toMatchObject({ completed: [], xp: 0 });
    // A failed quiz does not unlock it either; a new pass does.
    expect((await takeQuiz(t.app, learner.auth, String(first), 0)).statusCode).toBe(200);
    expect((await putCompleted(t.app, learner.auth, SMALL_COURSE, [String(first)])).json()).toMatchObject({
      completed: [],
    });
    expect((await takeQuiz(t.app, learner.auth, String(first))).statusCode).toBe(200);
    expect((await putCompleted(t.app, learner.auth, SMALL_COURSE, [String(first)])).json()).toMatchObject({
      completed: [first],
      xp: 50,
    });
  });
});
