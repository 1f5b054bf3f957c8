import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import { takeQuiz } from "../../../test/quiz.js";
import { creditLedger } from "../../db/schema.js";
import { createReceiptSigner } from "../quiz/receipts.js";

/** A referral's credits are pending until the friend passes their first Knowledge Check. */
describe.each(engines)("referral credits earned by the friend's first pass on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  let ids: string[];
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    ids = (await t.app.catalogue.lessonsWithAnswers("java-programming")).map((l) => l._id);
  });
  afterAll(() => t.close());

  let counter = 0;
  async function join(name: string, referralCode?: string) {
    counter += 1;
    const email = `pending-${counter}-${Date.now()}@example.com`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name, email, password: "correct horse battery", ...(referralCode ? { referralCode } : {}) },
    });
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
    const { token, user } = res.json() as { token: string; user: { _id: string; referralCode: string } };
    return { email, user, auth: { authorization: `Bearer ${token}` } };
  }
  const stats = async (who: { auth: Record<string, string>; email: string }) =>
    (
      await t.app.inject({
        method: "GET",
        url: `/api/referral/stats/${encodeURIComponent(who.email)}`,
        headers: who.auth,
      })
    ).json();
  const topic = (i: number) => ids[i] as string;

  it("registering with a code gives a pending credit and no earned credits", async () => {
    const referrer = await join("Arthur");
    await join("Lancelot", referrer.user.referralCode);
    expect(await stats(referrer)).toMatchObject({
      totalCredits: 0,
      totalReferrals: 0,
      pendingCredits: 80,
      pendingReferrals: 1,
    });
  });

  it("a failed attempt and a passed course quiz earn nothing; the first passed Knowledge Check earns it once", async () => {
    const referrer = await join("Merlin");
    const friend = await join("Nimue", referrer.user.referralCode);
    expect((await takeQuiz(t.app, friend.auth, topic(0), 3)).json()).toMatchObject({ passed: false });
    expect(await stats(referrer)).toMatchObject({ totalCredits: 0, pendingCredits: 80 });
    // The course-level quiz is not a Knowledge Check: passing it earns nothing.
    const { questions } = await t.app.catalogue.courseQuizWithAnswers("java-programming");
    const course = await t.app.inject({
      method: "POST",
      url: "/api/quiz/course-attempts",
      headers: friend.auth,
      payload: { courseId: "java-programming", answers: questions.map((q) => q.correct) },
    });
    expect(course.json()).toMatchObject({ passed: true });
    expect(await stats(referrer)).toMatchObject({ totalCredits: 0, pendingCredits: 80 });

    expect((await takeQuiz(t.app, friend.auth, topic(0))).json()).toMatchObject({ passed: true });
    expect(await stats(referrer)).toMatchObject({
      totalCredits: 80,
      totalReferrals: 1,
      pendingCredits: 0,
      pendingReferrals: 0,
    });
    // A second pass, of this topic or another, earns nothing more.
    await takeQuiz(t.app, friend.auth, topic(0));
    await takeQuiz(t.app, friend.auth, topic(1));
    expect(await stats(referrer)).toMatchObject({ totalCredits: 80, totalReferrals: 1 });
    const rows = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, referrer.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.earnedAt).toBeInstanceOf(Date);
  });

  it("two concurrent first passes earn the credit exactly once", async () => {
    const referrer = await join("Guinevere");
    const friend = await join("Galahad", referrer.user.referralCode);
    const both = await Promise.all([takeQuiz(t.app, friend.auth, topic(0)), takeQuiz(t.app, friend.auth, topic(1))]);
    expect(both.map((r) => r.json().passed)).toEqual([true, true]);
    expect(await stats(referrer)).toMatchObject({ totalCredits: 80, totalReferrals: 1, pendingCredits: 0 });
  });

  it("three fresh accounts that never pass earn their referrer 0 credits (the issue's attack)", async () => {
    const attacker = await join("Mordred");
    for (const n of [1, 2, 3]) {
      const sock = await join(`Sock puppet ${n}`, attacker.user.referralCode);
      await takeQuiz(t.app, sock.auth, topic(0), 2);
    }
    expect(await stats(attacker)).toMatchObject({
      totalCredits: 0,
      totalReferrals: 0,
      pendingCredits: 240,
      pendingReferrals: 3,
    });
  });

  it("a visitor's passed Knowledge Check redeemed at sign-in earns it; a forged receipt does not", async () => {
    const referrer = await join("Pendragon");
    const friend = await join("Percival", referrer.user.referralCode);
    const forged = createReceiptSigner("not-the-server-secret-but-long-enough-to-sign").issue(
      topic(2),
      100,
      Date.now(),
    );
    await t.app.inject({
      method: "POST",
      url: "/api/quiz/receipts",
      headers: friend.auth,
      payload: { receipts: [forged] },
    });
    expect(await stats(referrer)).toMatchObject({ totalCredits: 0, pendingCredits: 80 });

    const visitor = await takeQuiz(t.app, {}, topic(2));
    const receipt = visitor.json().receipt as string;
    const redeemed = await t.app.inject({
      method: "POST",
      url: "/api/quiz/receipts",
      headers: friend.auth,
      payload: { receipts: [receipt] },
    });
    expect(redeemed.json()).toEqual({ accepted: 1, rejected: 0 });
    expect(await stats(referrer)).toMatchObject({ totalCredits: 80, pendingCredits: 0 });
  });

  it("a friend who passed before applying the code late earns it at once", async () => {
    const referrer = await join("Kay");
    const friend = await join("Bedivere");
    await takeQuiz(t.app, friend.auth, topic(0));
    const applied = await t.app.inject({
      method: "POST",
      url: "/api/referral/apply-code",
      headers: friend.auth,
      payload: { referralCode: referrer.user.referralCode, newUserEmail: friend.email },
    });
    expect(applied.statusCode).toBe(201);
    expect(await stats(referrer)).toMatchObject({ totalCredits: 80, pendingCredits: 0 });
  });
});
