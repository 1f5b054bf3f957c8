/**
 * The weaknesses found by black-box testing, each kept as a test: reset links never
 * follow request headers, X-Forwarded-For is only believed from configured proxies, NUL is a 400,
 * secrets stay out of logs and caches, and limits cannot lock the owner out or grow without bound.
 */
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { mailOutbox } from "../src/db/schema.js";
import { loginSlowdownMs, REGISTER_LIMIT, RESET_PASSWORD_LIMIT } from "../src/modules/auth/rate-limits.js";
import { publicOrigin } from "../src/public-origin.js";
import { registerUser, TEST_JWT_SECRET } from "./accounts.js";
import { createTestDatabase, engines, type TestDatabase } from "./harness.js";
import { takeQuiz } from "./quiz.js";

/** A logger destination that keeps every JSON line. */
function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      cb();
    },
  });
  return { lines, stream, text: () => lines.join("\n") };
}

describe.each(engines)("hardening on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, { seeded: true });
  });
  afterAll(() => database.dispose());

  async function appWith(
    env: Record<string, string>,
    logs?: ReturnType<typeof logSink>,
    extra?: (app: Awaited<ReturnType<typeof buildApp>>) => void,
  ) {
    const app = await buildApp({
      database,
      config: loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_JWT_SECRET, ...env }),
      ...(logs ? { logger: { level: "info", stream: logs.stream } } : {}),
    });
    extra?.(app);
    await app.ready();
    return app;
  }
  const outboxFor = (email: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

  it("mails reset links on PUBLIC_ORIGIN whatever X-Forwarded-Host/Proto say", async () => {
    const app = await appWith({ PUBLIC_ORIGIN: "https://kingdom.example", TRUST_PROXY: "1" });
    await registerUser(app, { email: "victim@example.com" });
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "http", host: "evil.example" },
      payload: { email: "victim@example.com" },
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(async () => expect(await outboxFor("victim@example.com")).toHaveLength(1));
    const [mail] = await outboxFor("victim@example.com");
    expect(mail?.text).toMatch(/https:\/\/kingdom\.example\/reset-password\?token=[A-Za-z0-9_-]+/);
    expect(mail?.text).not.toMatch(/evil\.example/);
    await app.close();
  });

  it("believes X-Forwarded-For only from the proxies TRUST_PROXY names", async () => {
    const ipOf = async (env: Record<string, string>, remoteAddress: string) => {
      const app = await appWith(env, undefined, (a) => a.get("/__ip", (request) => ({ ip: request.ip })));
      const res = await app.inject({ url: "/__ip", remoteAddress, headers: { "x-forwarded-for": "203.0.113.9" } });
      await app.close();
      return res.json().ip;
    };
    expect(await ipOf({}, "10.0.0.5")).toBe("10.0.0.5");
    expect(await ipOf({ TRUST_PROXY: "1" }, "10.0.0.5")).toBe("203.0.113.9");
    expect(await ipOf({ TRUST_PROXY: "10.0.0.5" }, "10.0.0.5")).toBe("203.0.113.9");
    expect(await ipOf({ TRUST_PROXY: "10.0.0.5" }, "10.0.0.6")).toBe("10.0.0.6");
  });

  it("so a forged X-Forwarded-For cannot dodge the per-address registration limit", async () => {
    const app = await appWith({});
    let last = 0;
    for (let i = 0; i <= REGISTER_LIMIT.limit; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/register",
        remoteAddress: "10.77.0.1",
        headers: { "x-forwarded-for": `198.51.100.${i}` },
        payload: { name: "Spam", email: `spam${i}@example.com`, password: "long-enough" },
      });
      last = res.statusCode;
      if (i < REGISTER_LIMIT.limit) expect(res.statusCode).toBe(201);
    }
    expect(last).toBe(429);
    await app.close();
  });

  it("answers NUL anywhere in a request with 400 naming the field, never 500", async () => {
    const app = await appWith({});
    const register = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: '{"name":"A\\u0000B","email":"nul@example.com","password":"long-enough"}',
      headers: { "content-type": "application/json" },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toEqual({ message: "body.name: must not contain the NUL character" });
    const cert = await app.inject({ url: "/api/certificates/%00" });
    expect(cert.statusCode).toBe(400);
    expect(cert.json().message).toBe("params.code: must not contain the NUL character");
    const query = await app.inject({ url: "/api/courses?x=%00" });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toMatch(/^query\.x: /);
    const nested = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "A", email: "a@example.com", message: ["ok", { deep: "x\u0000" }] },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toBe("body.message.1.deep: must not contain the NUL character");
    // Unpaired surrogates (which jsonb refuses) are a 400 too; RTL marks are ordinary text.
    const user = await registerUser(app);
    for (const name of ["\uD800", "x\uDFFFy", "A\uD83D"]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/register",
        remoteAddress: "10.78.0.1",
        payload: { name, email: `s${name.length}${name.charCodeAt(0)}@example.com`, password: "long-enough" },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().message).toBe("body.name: must be valid Unicode text (it holds an unpaired surrogate)");
    }
    const rtl = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: "10.78.0.2",
      payload: { name: "\u202Eevil 👑", email: "rtl@example.com", password: "long-enough" },
    });
    expect(rtl.statusCode).toBe(201);
    // Found by the fuzz: a lone surrogate in progress (stored as jsonb) answered 500.
    const progress = await app.inject({
      method: "PUT",
      url: "/api/progress/java-programming",
      headers: user.auth,
      payload: { completed: ["\udfff"], knowledgeUnlocked: [], topicProgress: { "\ud800": 5 }, xp: 1, streak: 1 },
    });
    expect(progress.statusCode).toBe(400);
    expect(progress.json().message).toMatch(/^body\.(completed\.0|topicProgress): /);
    for (const code of ["%ED%A0%80", "%FF", "%C0%80", "%E2%80%AE"]) {
      const res = await app.inject({ url: `/api/certificates/${code}`, headers: user.auth });
      expect(res.statusCode, code).toBeLessThan(500);
      expect(res.json()).toHaveProperty("message");
    }
    await app.close();
  });

  it("never logs a reset token: not in the request log, not in the outbox log", async () => {
    const logs = logSink();
    const app = await appWith({ PUBLIC_ORIGIN: "https://kingdom.example" }, logs);
    await registerUser(app, { email: "quiet@example.com" });
    await app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: "quiet@example.com" } });
    await vi.waitFor(async () => expect(await outboxFor("quiet@example.com")).toHaveLength(1));
    const [mail] = await outboxFor("quiet@example.com");
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(token.length).toBeGreaterThan(20);
    // The web page the link opens (answered by the SPA fallback / 404 here): its URL is logged without the query.
    await app.inject({ url: `/reset-password?token=${token}` });
    await app.inject({ url: `/api/courses?token=${token}` });
    await vi.waitFor(() => expect(logs.text()).toMatch(/mail stored in outbox/));
    expect(logs.text()).toMatch(/token=\[redacted\]/);
    expect(logs.text()).toMatch(/"url":"\/reset-password"/);
    expect(logs.text()).not.toContain(token);
    await app.close();
  });

  it("marks auth and user-scope answers Cache-Control: no-store, errors included", async () => {
    const app = await appWith({});
    const user = await registerUser(app);
    const answers = [
      await app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "10.79.0.1",
        payload: { email: user.user.email, password: user.password },
      }),
      await app.inject({ url: "/api/auth/me", headers: user.auth }),
      await app.inject({ url: "/api/auth/me" }),
      await app.inject({ url: "/api/progress", headers: user.auth }),
      await app.inject({ url: "/api/enrollments", headers: user.auth }),
      await app.inject({ url: "/api/enrollments" }),
      await app.inject({ method: "POST", url: "/api/certificates", headers: user.auth, payload: { courseId: "x" } }),
    ];
    for (const res of answers) expect(res.headers["cache-control"], res.body.slice(0, 60)).toBe("no-store");
    // A visitor's passed quiz or trial answers with a signed receipt (a token): not kept either.
    const course = (await app.catalogue.listCourses())[0];
    const materialId = (await app.catalogue.lessonsWithAnswers(course?._id ?? ""))[0]?._id ?? "";
    const visitorQuiz = await takeQuiz(app, {}, materialId);
    expect(visitorQuiz.statusCode).toBe(200);
    expect(visitorQuiz.json().receipt).toEqual(expect.any(String));
    const trial = await app.inject({
      method: "POST",
      url: "/api/exercises/no-such-trial/submissions",
      payload: { language: "java", code: "class A {}" },
    });
    for (const res of [visitorQuiz, trial]) {
      expect(res.headers["cache-control"], res.body.slice(0, 60)).toMatch(/no-store/);
    }
    await app.close();
  });

  it("does not let guesses from other addresses lock the owner out", async () => {
    const app = await appWith({});
    const owner = await registerUser(app, { email: "owner@example.com", password: "owners-password" });
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: `10.80.${i}.1`,
        payload: { email: owner.user.email, password: "guess" },
      });
      expect(res.statusCode).toBe(401);
    }
    const mine = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "10.81.0.1",
      payload: { email: owner.user.email, password: "owners-password" },
    });
    expect(mine.statusCode).toBe(200);
    await app.close();
  });

  it("rate-limits reset-password per address before hashing anything", async () => {
    const app = await appWith({});
    const codes: number[] = [];
    for (let i = 0; i <= RESET_PASSWORD_LIMIT.limit; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/reset-password",
        remoteAddress: "10.82.0.1",
        payload: { token: `not-a-token-${i}`, password: "long-enough-password" },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, RESET_PASSWORD_LIMIT.limit).every((c) => c === 400)).toBe(true);
    expect(codes[RESET_PASSWORD_LIMIT.limit]).toBe(429);
    await app.close();
  });
});

describe("limits and links, pure", () => {
  it("slows the account down gently instead of locking it", () => {
    expect(loginSlowdownMs(1)).toBe(0);
    expect(loginSlowdownMs(10)).toBe(0);
    expect(loginSlowdownMs(11)).toBe(250);
    expect(loginSlowdownMs(12)).toBe(500);
    expect(loginSlowdownMs(1000)).toBe(3000);
  });

  it("builds links from PUBLIC_ORIGIN, else the listening address; production requires it", () => {
    expect(publicOrigin(loadConfig({ PUBLIC_ORIGIN: "https://kingdom.example/" }))).toBe("https://kingdom.example");
    expect(publicOrigin(loadConfig({ PORT: "4000" }))).toBe("http://127.0.0.1:4000");
    expect(publicOrigin(loadConfig({ PORT: "4000", HOST: "::" }))).toBe("http://localhost:4000");
    expect(publicOrigin(loadConfig({ PORT: "4000", HOST: "127.0.0.1" }))).toBe("http://127.0.0.1:4000");
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: "x".repeat(40) })).toThrow(
      /PUBLIC_ORIGIN: is required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ PUBLIC_ORIGIN: "https://kingdom.example/app" })).toThrow(/PUBLIC_ORIGIN/);
  });

  it("parses TRUST_PROXY as off, a hop count or a list of proxy addresses", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.0.0.0/8,::1" }).TRUST_PROXY).toEqual([
      "10.0.0.1",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: "evil.example" })).toThrow(/TRUST_PROXY/);
  });
});
