/**
 * Floods: counters an attacker cannot flush, and a per-address ceiling checked first on
 * every route whose limiter key the caller chooses.
 */
import { randomBytes } from "node:crypto";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "../src/modules/auth/rate-limits.js";
import { ADDRESS_LIMITS, addressLimitMessage } from "../src/plugins/address-limit.js";
import { createAccountsTestApp, registerUser } from "./accounts.js";

describe("floods from one address", () => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  beforeAll(async () => {
    t = await createAccountsTestApp("pglite");
  });
  afterAll(() => t.close());

  // 200 times the address's ceiling: the store evicts nothing, and past the ceiling no new key is
  // made, so more requests only add time (bench/floods.ts sends 60,000 to the real server).
  const FLOOD = 6_000;
  it(`keeps a locked account locked through ${FLOOD.toLocaleString("en")} forgot-password requests with random emails`, async () => {
    const { app } = t;
    const victim = await registerUser(app, { email: "locked@example.com", password: "the-real-password" });
    const guess = (password: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "10.30.0.1",
        payload: { email: victim.user.email, password },
      });
    for (let i = 0; i < LOGIN_LIMITS.perAccountAddress.limit; i++)
      expect((await guess(`guess-${i}`)).statusCode).toBe(401);
    expect((await guess("guess-again")).statusCode).toBe(429);

    const counts = new Map<number, number>();
    const batch = 500;
    for (let sent = 0; sent < FLOOD; sent += batch) {
      const answers = await Promise.all(
        Array.from({ length: batch }, () =>
          app.inject({
            method: "POST",
            url: "/api/auth/forgot-password",
            remoteAddress: "10.30.0.2",
            payload: { email: `${randomBytes(6).toString("hex")}@flood.example` },
          }),
        ),
      );
      for (const a of answers) counts.set(a.statusCode, (counts.get(a.statusCode) ?? 0) + 1);
    }
    expect(counts.get(200)).toBe(ADDRESS_LIMITS.forgotPassword.limit);
    expect(counts.get(429)).toBe(FLOOD - ADDRESS_LIMITS.forgotPassword.limit);
    // Even the right password is refused: the lockout survived.
    const after = await guess("the-real-password");
    expect(after.statusCode).toBe(429);
    expect(Number(after.headers["retry-after"])).toBeGreaterThan(0);
  }, 300_000);

  it("counts the address before the route's own key on every attacker-keyed route", async () => {
    const { app } = t;
    const learner = await registerUser(app);
    const routes: [string, number, (i: number) => InjectOptions][] = [
      [
        "referral apply",
        ADDRESS_LIMITS.referralApply.limit,
        () => ({
          method: "POST",
          url: "/api/referral/apply-code",
          headers: learner.auth,
          payload: { referralCode: "ZZZZZZZZ", newUserEmail: learner.user.email },
        }),
      ],
      [
        "quiz",
        ADDRESS_LIMITS.quiz.limit,
        (i) => ({ method: "POST", url: "/api/quiz/attempts", payload: { materialId: `no-such-${i}`, answers: [0] } }),
      ],
      [
        "submissions",
        ADDRESS_LIMITS.submissions.limit,
        (i) => ({
          method: "POST",
          url: `/api/exercises/no-such-${i}/submissions`,
          payload: { language: "java", code: "class A {}" },
        }),
      ],
      [
        "mentor",
        ADDRESS_LIMITS.mentor.limit,
        (i) => ({ method: "POST", url: "/api/ai/chat", payload: { message: `What is a loop? ${i}` } }),
      ],
    ];
    for (const [name, limit, request] of routes) {
      const remoteAddress = `10.31.${routes.findIndex((r) => r[0] === name)}.1`;
      for (let i = 0; i < limit; i++) {
        const res = await app.inject({ ...request(i), remoteAddress });
        expect(res.statusCode, `${name} #${i}: ${res.body}`).toBeLessThan(500);
      }
      const over = await app.inject({ ...request(limit), remoteAddress });
      expect(over.statusCode, name).toBe(429);
      expect(over.json().message, name).toMatch(/from your address/);
      expect(Number(over.headers["retry-after"]), name).toBeGreaterThan(0);
      // Another address is not held by this one's ceiling (a learner's own limit may still apply).
      const elsewhere = await app.inject({ ...request(limit + 1), remoteAddress: `10.32.${limit}.1` });
      expect(elsewhere.body, name).not.toMatch(/from your address/);
    }
    expect(addressLimitMessage(30)).toBe("Too many requests from your address. Please try again in 30 seconds.");
  }, 120_000);
});
