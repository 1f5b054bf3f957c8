/**
 * A learner with a bit of everything the server keeps: enrolments, passed and completed topics, a
 * certificate, a trial attempt, pass and help ladder, a draft, and a paid premium with its invoice.
 * Used by the export, deletion and start-over tests.
 */
import { expect } from "vitest";
import type { buildApp } from "../src/app.js";
import type { Db } from "../src/db/client.js";
import { exerciseAttempts, exerciseHelp, exercisePasses } from "../src/db/schema.js";
import { passAndComplete } from "./quiz.js";

type TestApp = Awaited<ReturnType<typeof buildApp>>;
type Auth = Record<string, string>;

/** A small course to earn a certificate in, and a course with trials. */
export const SMALL_COURSE = "git-version-control";
export const TRIAL_COURSE = "python-programming";
export const TRIAL = "python-programming--getting-started-with-python--1";

export async function lessonIds(app: TestApp, courseId: string): Promise<string[]> {
  return ((await app.inject({ url: `/api/materials/course/${courseId}` })).json() as { _id: string }[]).map(
    (l) => l._id,
  );
}

export interface LearnerRecords {
  certificateCode: string;
  invoiceId: string;
  orderId: string;
  paymentId: string;
  attemptCode: string;
}

export async function giveLearnerData(
  app: TestApp,
  db: Db,
  learner: { auth: Auth; user: { _id: string } },
  marker: string,
): Promise<LearnerRecords> {
  const call = (method: "PUT" | "POST", url: string, payload?: object) =>
    app.inject({ method, url, headers: learner.auth, ...(payload ? { payload } : {}) });
  for (const course of [SMALL_COURSE, TRIAL_COURSE]) {
    expect((await call("PUT", `/api/enrollments/${course}`)).statusCode).toBe(201);
  }
  const small = await lessonIds(app, SMALL_COURSE);
  expect((await passAndComplete(app, learner.auth, SMALL_COURSE, small)).statusCode).toBe(200);
  const cert = await call("POST", "/api/certificates", { courseId: SMALL_COURSE });
  expect(cert.statusCode, cert.body).toBe(201);
  const [firstPython] = await lessonIds(app, TRIAL_COURSE);
  expect((await passAndComplete(app, learner.auth, TRIAL_COURSE, [String(firstPython)])).statusCode).toBe(200);

  // A trial attempt, its pass and the help ladder (this app runs no code, so written directly).
  const attemptCode = `print('${marker}')`;
  await db.insert(exerciseAttempts).values({
    userId: learner.user._id,
    exerciseId: TRIAL,
    code: attemptCode,
    language: "python",
    passed: true,
    checks: [{ name: "prints the greeting", passed: true, timedOut: false }],
  });
  await db.insert(exercisePasses).values({ userId: learner.user._id, exerciseId: TRIAL, courseId: TRIAL_COURSE });
  await db.insert(exerciseHelp).values({ userId: learner.user._id, exerciseId: TRIAL, failures: 2, hintsTaken: 1 });
  const draft = await call("PUT", `/api/drafts/trial:${TRIAL}`, {
    code: `# draft ${marker}`,
    language: "python",
    updatedAt: 1_000,
  });
  expect(draft.statusCode, draft.body).toBe(200);

  // Lifetime premium through the test checkout: an order, a payment and an invoice.
  const order = await call("POST", "/api/payment/create-order", {});
  expect(order.statusCode, order.body).toBe(200);
  const paid = await call("POST", "/api/payment/test-checkout/pay", { order_id: order.json().id });
  expect(paid.statusCode, paid.body).toBe(200);
  const verified = await call("POST", "/api/payment/verify-payment", paid.json());
  expect(verified.statusCode, verified.body).toBe(200);
  return {
    certificateCode: cert.json().code,
    invoiceId: verified.json().invoiceId,
    orderId: paid.json().razorpay_order_id,
    paymentId: paid.json().razorpay_payment_id,
    attemptCode,
  };
}
