/**
 * Authorisation matrix: every route of the user scope (found by asking each registered route without
 * a token: a 401 means it needs one) is tried with no token, an expired token, a tampered token, a
 * token from before a password reset, and another learner's token. The first four are refused; the
 * last only ever sees its own learner's data, and the victim's data is unchanged at the end.
 *
 * A user-scope route missing from SAMPLES fails this test: add it with sample params and body.
 */
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { exerciseAttempts, mailOutbox, reviewCards } from "../src/db/schema.js";
import { recordMiss } from "../src/modules/review/deck.js";
import { createAccountsTestApp, registerUser, TEST_JWT_SECRET } from "./accounts.js";
import { apiRoutes } from "./fuzz/requests.js";
import { engines } from "./harness.js";
import { passAndComplete } from "./quiz.js";

interface Sample {
  params?: Record<string, string>;
  body?: unknown;
  /** Ends the caller's sessions: tried with bad tokens only (sessions.test.ts covers what it does). */
  endsSessions?: true;
}

const COURSE = "java-programming";
const progressBody = {
  completed: ["attacker-lesson"],
  knowledgeUnlocked: [],
  topicProgress: {},
  xp: 1,
  streak: 1,
};

/** The victim's own order, payment and invoice: the other learner's token aims at them. */
const victimPayment = { orderId: "order_x", paymentId: "pay_x", signature: "x", invoiceId: "INV-000000" };
/** The victim's earned progress (a passed and completed topic) and their certificate's code. */
const victimEarned = {
  lessonId: "",
  certificateCode: "KOC-1700000000000-ABCDEFGHI",
  attemptId: "00000000-0000-4000-8000-000000000000",
  reviewCardId: "00000000-0000-4000-8000-000000000000",
};
const VICTIM_TRIAL = "python-programming--getting-started-with-python--1";
const VICTIM_CODE = "print('victim code 7f3a')";
const VICTIM_EMAIL = "victim-7f3a@example.com";

/**
 * One row per user-scope route: sample params and body that a real learner would send, aimed at the
 * victim's data wherever a route takes an id or an email.
 */
const SAMPLES: Record<string, Sample> = {
  "GET /api/auth/me": {},
  "POST /api/auth/logout": { endsSessions: true },
  "POST /api/auth/logout-everywhere": { endsSessions: true },
  "POST /api/auth/change-password": { body: { currentPassword: "not-the-password", newPassword: "a-new-password-1" } },
  "GET /api/certificates": {},
  get "GET /api/certificates/:code/pdf"() {
    return { params: { code: victimEarned.certificateCode } };
  },
  "POST /api/quiz/receipts": { body: { receipts: ["forged.receipt"] } },
  "GET /api/exercises/passed": {},
  "GET /api/exercises/:id/attempts": { params: { id: "python-programming--getting-started-with-python--1" } },
  get "GET /api/exercise-attempts/:attemptId"() {
    return { params: { attemptId: victimEarned.attemptId } };
  },
  "GET /api/drafts/:key": { params: { key: "trial:python-programming--getting-started-with-python--1" } },
  "PUT /api/drafts/:key": {
    params: { key: "trial:python-programming--getting-started-with-python--1" },
    body: { code: "print('attacker')", language: "python", updatedAt: 9_999_999_999_999 },
  },
  "POST /api/referral/generate-code": { body: { email: VICTIM_EMAIL } },
  "POST /api/referral/apply-code": { body: { referralCode: "ABCDEFGH", newUserEmail: VICTIM_EMAIL } },
  "GET /api/referral/stats/:email": { params: { email: VICTIM_EMAIL } },
  "POST /api/payment/create-order": { body: { amount: 1, currency: "INR", courseId: "premium_course" } },
  "GET /api/payment/history": {},
  get "POST /api/payment/verify-payment"() {
    return {
      body: {
        razorpay_order_id: victimPayment.orderId,
        razorpay_payment_id: victimPayment.paymentId,
        razorpay_signature: victimPayment.signature,
      },
    };
  },
  get "GET /api/payment/invoices/:invoiceId"() {
    return { params: { invoiceId: victimPayment.invoiceId } };
  },
  get "POST /api/payment/test-checkout/pay"() {
    return { body: { order_id: victimPayment.orderId } };
  },
  get "POST /api/payment/test-checkout/fail"() {
    return { body: { order_id: victimPayment.orderId } };
  },
  "GET /api/enrollments": {},
  "PUT /api/enrollments/:id": { params: { id: COURSE } },
  "DELETE /api/enrollments/:id": { params: { id: COURSE } },
  "GET /api/progress": {},
  "GET /api/progress/:id": { params: { id: COURSE } },
  "PUT /api/progress/:id": { params: { id: COURSE }, body: progressBody },
  "POST /api/certificates": { body: { courseId: COURSE } },
  "GET /api/review": {},
  get "POST /api/review/:cardId/answer"() {
    return { params: { cardId: victimEarned.reviewCardId }, body: { answer: 0 } };
  },
  "POST /api/courses/:id/restart": { params: { id: COURSE } },
  "GET /api/account/export": {},
  "POST /api/account/delete": { body: { currentPassword: "not-the-password", confirm: true } },
};

const fill = (url: string, params: Record<string, string> = {}) =>
  url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? "x"));

describe.each(engines)("authorisation matrix on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  let victim: Awaited<ReturnType<typeof registerUser>>;
  let other: Awaited<ReturnType<typeof registerUser>>;
  let preResetToken: string;
  const VICTIM_MARKERS = ["Victim Marker 7f3a", "victim-7f3a@example.com"];

  beforeAll(async () => {
    t = await createAccountsTestApp(engine, { publicOrigin: "https://kingdom.example" });
    victim = await registerUser(t.app, { name: VICTIM_MARKERS[0], email: VICTIM_MARKERS[1] });
    other = await registerUser(t.app, { name: "Other Learner", email: "other-7f3a@example.com" });
    expect(
      (await t.app.inject({ method: "PUT", url: `/api/enrollments/${COURSE}`, headers: victim.auth })).statusCode,
    ).toBe(201);
    // The victim earns a topic of the course (quiz passed, then completed) and a whole small course's certificate.
    const lessons = (await t.app.inject({ url: `/api/materials/course/${COURSE}` })).json() as { _id: string }[];
    victimEarned.lessonId = String(lessons[0]?._id);
    expect((await passAndComplete(t.app, victim.auth, COURSE, [victimEarned.lessonId])).statusCode).toBe(200);
    const small = "git-version-control";
    const smallLessons = (await t.app.inject({ url: `/api/materials/course/${small}` })).json() as { _id: string }[];
    await passAndComplete(
      t.app,
      victim.auth,
      small,
      smallLessons.map((l) => l._id),
    );
    const cert = await t.app.inject({
      method: "POST",
      url: "/api/certificates",
      headers: victim.auth,
      payload: { courseId: small },
    });
    expect(cert.statusCode, cert.body).toBe(201);
    victimEarned.certificateCode = cert.json().code;

    // The victim's stored trial attempt and editor draft (this app runs no code, so written directly).
    const [attempt] = await t.database.db
      .insert(exerciseAttempts)
      .values({
        userId: victim.user._id,
        exerciseId: VICTIM_TRIAL,
        code: VICTIM_CODE,
        language: "python",
        passed: false,
        checks: [{ name: "Victim Marker 7f3a", passed: false, timedOut: false }],
      })
      .returning();
    victimEarned.attemptId = String(attempt?.id);
    // A question the victim missed two days ago: due today in their review deck.
    const missed = { kind: "quiz" as const, courseId: COURSE, materialId: victimEarned.lessonId, questionIndex: 0 };
    const [question] = (await t.app.catalogue.lessonWithAnswers(victimEarned.lessonId)).lesson.quiz;
    await recordMiss(
      t.database.db,
      victim.user._id,
      { ...missed, prompt: String(question?.question) },
      Date.now() - 2 * 86_400_000,
    );
    const [card] = await t.database.db.select().from(reviewCards).where(eq(reviewCards.userId, victim.user._id));
    victimEarned.reviewCardId = String(card?.id);
    const draft = await t.app.inject({
      method: "PUT",
      url: `/api/drafts/trial:${VICTIM_TRIAL}`,
      headers: victim.auth,
      payload: { code: VICTIM_CODE, language: "python", updatedAt: 1_000 },
    });
    expect(draft.statusCode, draft.body).toBe(200);

    // The victim buys premium through the test checkout: an order, a payment and an invoice of theirs.
    const order = await t.app.inject({
      method: "POST",
      url: "/api/payment/create-order",
      headers: victim.auth,
      payload: {},
    });
    expect(order.statusCode, order.body).toBe(200);
    const paid = await t.app.inject({
      method: "POST",
      url: "/api/payment/test-checkout/pay",
      headers: victim.auth,
      payload: { order_id: order.json().id },
    });
    expect(paid.statusCode).toBe(200);
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/payment/verify-payment",
      headers: victim.auth,
      payload: paid.json(),
    });
    expect(verified.statusCode).toBe(200);
    Object.assign(victimPayment, {
      orderId: paid.json().razorpay_order_id,
      paymentId: paid.json().razorpay_payment_id,
      signature: paid.json().razorpay_signature,
      invoiceId: verified.json().invoiceId,
    });

    // A learner whose old token predates a real password reset.
    const resetter = await registerUser(t.app, { email: "resetter-7f3a@example.com" });
    preResetToken = resetter.token;
    await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: "resetter-7f3a@example.com" },
    });
    const outbox = () => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "resetter-7f3a@example.com"));
    await vi.waitFor(async () => expect(await outbox()).toHaveLength(1));
    const token = /token=([A-Za-z0-9_-]+)/.exec((await outbox())[0]?.text ?? "")?.[1];
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "a-brand-new-password" },
    });
    expect(reset.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  /** The user-scope routes, found by asking each API route without a token. */
  async function userScopeRoutes() {
    const found: { method: string; url: string }[] = [];
    for (const r of apiRoutes(t.app)) {
      const sample = SAMPLES[`${r.method} ${r.url}`] ?? {};
      const res = await t.app.inject({
        method: r.method as "GET",
        url: fill(r.url, sample.params),
        ...(sample.body !== undefined ? { payload: sample.body as object } : {}),
        remoteAddress: "10.250.0.1",
      });
      if (res.statusCode === 401) found.push({ method: r.method, url: r.url });
    }
    return found;
  }

  it("has a sample for every user-scope route, and no stale rows", async () => {
    const keys = (await userScopeRoutes()).map((r) => `${r.method} ${r.url}`);
    expect(
      keys.filter((k) => !(k in SAMPLES)),
      "user-scope routes missing from SAMPLES",
    ).toEqual([]);
    expect(
      Object.keys(SAMPLES).filter((k) => !keys.includes(k)),
      "SAMPLES rows that are not user-scope routes",
    ).toEqual([]);
  });

  it("refuses no, expired, tampered and pre-reset tokens on every user-scope route", async () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const expired = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(victim.user._id)
      .setIssuer("kingdom-of-code")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 30 * 24 * 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const [h, p, s] = other.token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, "base64url").toString());
    const swapped = Buffer.from(JSON.stringify({ ...claims, sub: victim.user._id })).toString("base64url");
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${swapped}.`;
    const otherSecret = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(victim.user._id)
      .setIssuer("kingdom-of-code")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-that-is-long-enough-for-hs256"));
    const bad: [string, string | undefined][] = [
      ["no token", undefined],
      ["expired", expired],
      ["tampered payload", `${h}.${swapped}.${s}`],
      ["tampered signature", `${h}.${p}.${s.slice(0, -4)}AAAA`],
      ["alg none", unsigned],
      ["signed with another secret", otherSecret],
      ["from before a password reset", preResetToken],
    ];
    const routes = await userScopeRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(SAMPLES).length);
    for (const r of routes) {
      const sample = SAMPLES[`${r.method} ${r.url}`] ?? {};
      for (const [label, token] of bad) {
        const res = await t.app.inject({
          method: r.method as "GET",
          url: fill(r.url, sample.params),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(sample.body !== undefined ? { payload: sample.body as object } : {}),
        });
        expect(res.statusCode, `${r.method} ${r.url} with ${label}`).toBe(401);
        expect(Object.keys(res.json())).toEqual(["message"]);
        for (const m of VICTIM_MARKERS) expect(res.body).not.toContain(m);
      }
    }
  });

  it("lets another learner's token see and change only that learner's data", async () => {
    for (const r of await userScopeRoutes()) {
      const sample = SAMPLES[`${r.method} ${r.url}`] ?? {};
      if (sample.endsSessions) continue;
      const res = await t.app.inject({
        method: r.method as "GET",
        url: fill(r.url, sample.params),
        headers: other.auth,
        ...(sample.body !== undefined ? { payload: sample.body as object } : {}),
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500);
      for (const m of [...VICTIM_MARKERS, victim.user._id, VICTIM_CODE])
        expect(res.body, `${r.method} ${r.url}`).not.toContain(m);
    }
    // The victim's enrolment and progress are untouched by the other learner's writes and deletes.
    const enrolments = await t.app.inject({ url: "/api/enrollments", headers: victim.auth });
    expect(enrolments.body).toContain(COURSE);
    const progress = await t.app.inject({ url: `/api/progress/${COURSE}`, headers: victim.auth });
    expect(progress.json()).toMatchObject({ completed: [victimEarned.lessonId], xp: 50 });
    const pdf = await t.app.inject({
      url: `/api/certificates/${victimEarned.certificateCode}/pdf`,
      headers: other.auth,
    });
    expect(pdf.statusCode).toBe(404);
    const certificates = await t.app.inject({ url: "/api/certificates", headers: other.auth });
    expect(certificates.body).not.toContain(victimEarned.certificateCode);
    const me = await t.app.inject({ url: "/api/auth/me", headers: victim.auth });
    expect(me.json()).toMatchObject({ name: VICTIM_MARKERS[0], email: VICTIM_MARKERS[1], isPremium: true });
    // The other learner neither became premium through the victim's payment nor holds its invoice.
    const otherMe = await t.app.inject({ url: "/api/auth/me", headers: other.auth });
    expect(otherMe.json()).toMatchObject({ isPremium: false });
    const history = await t.app.inject({ url: "/api/payment/history", headers: other.auth });
    expect(history.body).not.toContain(victimPayment.invoiceId);
    const invoice = await t.app.inject({
      url: `/api/payment/invoices/${victimPayment.invoiceId}`,
      headers: other.auth,
    });
    expect(invoice.statusCode).toBe(404);
    // The victim's attempt stays theirs, and their draft was not overwritten by the other's newer one.
    const attempt = await t.app.inject({
      url: `/api/exercise-attempts/${victimEarned.attemptId}`,
      headers: victim.auth,
    });
    expect(attempt.json()).toMatchObject({ code: VICTIM_CODE });
    const draft = await t.app.inject({ url: `/api/drafts/trial:${VICTIM_TRIAL}`, headers: victim.auth });
    expect(draft.json()).toMatchObject({ code: VICTIM_CODE, updatedAt: 1_000 });
    // The victim's review card was not answered by the other learner: still due today.
    const review = await t.app.inject({ url: "/api/review", headers: victim.auth });
    expect(review.json()).toMatchObject({ dueToday: 1 });
  });
});
