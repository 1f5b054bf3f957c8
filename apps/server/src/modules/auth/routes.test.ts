import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { createAccountsTestApp, registerUser, TEST_JWT_SECRET } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import { mailOutbox, passwordResetTokens, users } from "../../db/schema.js";
import { setPasswordCost } from "./passwords.js";

const row0 = <T extends { email: string }>(rows: T[]) => {
  const found = rows.find((r) => r.email === "ada.lovelace@example.com");
  if (!found) throw new Error("no such user");
  return found;
};

describe.each(engines)("auth API on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine, { publicOrigin: "https://kingdom.example" });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, remoteAddress = "10.0.0.1") =>
    t.app.inject({ method: "POST", url, payload: payload as object, remoteAddress });
  const me = (token: string) =>
    t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });

  async function outboxFor(email: string) {
    return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  }

  it("registers with a trimmed, lower-cased email, hashes with argon2id and returns token and user", async () => {
    // The test setup lowers the cost of hashes (test/setup.ts); the server's own is OWASP's.
    setPasswordCost("owasp");
    onTestFinished(() => setPasswordCost("test"));
    const res = await post("/api/auth/register", {
      name: "Ada Lovelace",
      email: "  Ada.Lovelace@Example.COM ",
      password: "analytical-engine",
      referralCode: "friend01",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      name: "Ada Lovelace",
      email: "ada.lovelace@example.com",
      isPremium: false,
      phone: null,
    });
    expect(body.user.referralCode).toMatch(/^[A-Z0-9]{8}$/);
    // The account page's "member since": the account's creation, as the database recorded it.
    expect(body.user.memberSince).toBe(row0(await t.database.db.select().from(users)).createdAt.toISOString());
    expect(typeof body.token).toBe("string");
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "ada.lovelace@example.com"));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(row?.referredByCode).toBe("FRIEND01");

    const again = await me(body.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body.user);
  });

  it("answers 409 for a taken email, whatever its case", async () => {
    await registerUser(t.app, { email: "taken@example.com" });
    const res = await post("/api/auth/register", {
      name: "Other",
      email: "TAKEN@example.com",
      password: "something-long",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already exists/);
  });

  it("names the password rule for passwords that are too short or too long", async () => {
    const short = await post("/api/auth/register", { name: "A", email: "short@example.com", password: "1234567" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("body.password: must be at least 8 characters");
    const long = await post("/api/auth/register", { name: "A", email: "long@example.com", password: "x".repeat(129) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("body.password: must be at most 128 characters");
  });

  it("keeps an unknown referral code without blocking registration", async () => {
    const res = await post("/api/auth/register", {
      name: "Ref",
      email: "ref@example.com",
      password: "long-enough",
      referralCode: "NOPE",
    });
    expect(res.statusCode).toBe(201);
  });

  it("logs in with the right password and gives the same 401 for a wrong email or a wrong password", async () => {
    const u = await registerUser(t.app, { email: "login@example.com", password: "right-password" });
    const ok = await post("/api/auth/login", { email: " LOGIN@example.com", password: "right-password" }, "10.1.0.1");
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toEqual((await me(u.token)).json());

    const wrongPassword = await post(
      "/api/auth/login",
      { email: "login@example.com", password: "nope-nope" },
      "10.1.0.1",
    );
    const wrongEmail = await post(
      "/api/auth/login",
      { email: "nobody@example.com", password: "nope-nope" },
      "10.1.0.1",
    );
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(wrongEmail.json());
    expect(wrongPassword.json()).toEqual({ message: "Invalid email or password" });
  });

  it("rate-limits repeated login failures per account and address, even for the right password, with when to retry", async () => {
    await registerUser(t.app, { email: "target@example.com", password: "the-real-one" });
    for (let i = 0; i < 5; i++) {
      const res = await post("/api/auth/login", { email: "target@example.com", password: `guess-${i}` }, "10.2.0.1");
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post(
      "/api/auth/login",
      { email: "target@example.com", password: "the-real-one" },
      "10.2.0.1",
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
    // The owner, elsewhere, is not locked out by someone else's guesses.
    const owner = await post("/api/auth/login", { email: "target@example.com", password: "the-real-one" }, "10.2.1.1");
    expect(owner.statusCode).toBe(200);
    // The same for an email nobody has, so the limit says nothing about who is registered.
    for (let i = 0; i < 5; i++)
      await post("/api/auth/login", { email: "ghost@example.com", password: "x" }, "10.3.0.1");
    const ghost = await post("/api/auth/login", { email: "ghost@example.com", password: "x" }, "10.3.0.1");
    expect(ghost.statusCode).toBe(429);
  });

  it("a successful login clears the account's failure count", async () => {
    await registerUser(t.app, { email: "forgetful@example.com", password: "remembered" });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++)
        await post("/api/auth/login", { email: "forgetful@example.com", password: "oops" }, "10.4.0.1");
      const ok = await post("/api/auth/login", { email: "forgetful@example.com", password: "remembered" }, "10.4.0.1");
      expect(ok.statusCode).toBe(200);
    }
  });

  it("rate-limits one address trying many accounts", async () => {
    let last = 0;
    for (let i = 0; i < 101; i++) {
      const res = await post("/api/auth/login", { email: `spray${i}@example.com`, password: "x" }, "10.9.9.9");
      last = res.statusCode;
      if (i < 100) expect(res.statusCode).toBe(401);
    }
    expect(last).toBe(429);
    const elsewhere = await post("/api/auth/login", { email: "spray0@example.com", password: "x" }, "10.9.9.10");
    expect(elsewhere.statusCode).toBe(401);
  }, 60_000);

  it("refuses missing, malformed, tampered, expired and foreign-secret tokens with 401", async () => {
    const u = await registerUser(t.app);
    const noHeader = await t.app.inject({ method: "GET", url: "/api/auth/me" });
    expect(noHeader.statusCode).toBe(401);
    expect(noHeader.json()).toEqual({ message: "Please log in to continue." });
    const [h, p, s] = u.token.split(".");
    const tamperedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p ?? "", "base64url").toString()), tv: 5 }),
    ).toString("base64url");
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const expired = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(u.user._id)
      .setIssuer("kingdom-of-code")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const foreign = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(u.user._id)
      .setIssuer("kingdom-of-code")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret-another"));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${p}.`;
    for (const bad of ["garbage", `${h}.${tamperedPayload}.${s}`, expired, foreign, unsigned]) {
      const res = await me(bad);
      expect(res.statusCode, bad).toBe(401);
      expect(res.json().message).toBe("Your session has ended. Please log in again.");
    }
  });

  it("forgot-password answers the same for known and unknown emails and mails a one-hour link only when known", async () => {
    await registerUser(t.app, { email: "reset-me@example.com", password: "old-password" });
    const known = await post("/api/auth/forgot-password", { email: "Reset-Me@example.com" });
    const unknown = await post("/api/auth/forgot-password", { email: "no-account@example.com" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await vi.waitFor(async () => expect(await outboxFor("reset-me@example.com")).toHaveLength(1));
    const [mail] = await outboxFor("reset-me@example.com");
    expect(mail?.text).toMatch(/https:\/\/kingdom\.example\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(await outboxFor("no-account@example.com")).toHaveLength(0);
    const [stored] = await t.database.db.select().from(passwordResetTokens);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(stored?.tokenHash).not.toContain(token);
    const lifetime = (stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0);
    expect(Math.abs(lifetime - 3_600_000)).toBeLessThan(5_000);
  });

  it("resets the password once, revokes older login tokens and refuses the link a second time", async () => {
    const u = await registerUser(t.app, { email: "rotate@example.com", password: "old-password" });
    await post("/api/auth/forgot-password", { email: "rotate@example.com" });
    await vi.waitFor(async () => expect(await outboxFor("rotate@example.com")).toHaveLength(1));
    const [mail] = await outboxFor("rotate@example.com");
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? "";

    const tooShort = await post("/api/auth/reset-password", { token, password: "short" });
    expect(tooShort.statusCode).toBe(400);
    const done = await post("/api/auth/reset-password", { token, password: "brand-new-password" });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toMatch(/password has been reset/);

    expect((await me(u.token)).statusCode).toBe(401);
    const oldLogin = await post(
      "/api/auth/login",
      { email: "rotate@example.com", password: "old-password" },
      "10.5.0.1",
    );
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post(
      "/api/auth/login",
      { email: "rotate@example.com", password: "brand-new-password" },
      "10.5.0.1",
    );
    expect(newLogin.statusCode).toBe(200);
    expect((await me(newLogin.json().token)).statusCode).toBe(200);

    const reused = await post("/api/auth/reset-password", { token, password: "third-password" });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe("This reset link is invalid or has expired. Please request a new one.");
  });

  it("refuses an expired reset token", async () => {
    await registerUser(t.app, { email: "late@example.com" });
    await post("/api/auth/forgot-password", { email: "late@example.com" });
    await vi.waitFor(async () => expect(await outboxFor("late@example.com")).toHaveLength(1));
    const [mail] = await outboxFor("late@example.com");
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    await t.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await post("/api/auth/reset-password", { token, password: "whatever-new" });
    expect(res.statusCode).toBe(400);
  });

  it("sends at most three reset mails an hour to one address, answering the same", async () => {
    await registerUser(t.app, { email: "flood@example.com" });
    for (let i = 0; i < 6; i++) {
      const res = await post("/api/auth/forgot-password", { email: "flood@example.com" });
      expect(res.statusCode).toBe(200);
    }
    await vi.waitFor(async () => expect(await outboxFor("flood@example.com")).toHaveLength(3));
    await new Promise((r) => setTimeout(r, 100));
    expect(await outboxFor("flood@example.com")).toHaveLength(3);
  });

  it("answers bad bodies with 400 naming the field, never 500", async () => {
    const cases: [string, unknown][] = [
      ["/api/auth/register", {}],
      ["/api/auth/register", { name: "A", email: "not-an-email", password: "long-enough" }],
      ["/api/auth/register", { name: 5, email: "a@example.com", password: "long-enough" }],
      ["/api/auth/register", { name: "x".repeat(10_000), email: "a@example.com", password: "long-enough" }],
      ["/api/auth/register", { name: "A", email: `${"a".repeat(300)}@example.com`, password: "long-enough" }],
      ["/api/auth/login", { email: "a@example.com" }],
      ["/api/auth/login", { email: ["a@example.com"], password: "x" }],
      ["/api/auth/login", { email: "a@example.com", password: "x".repeat(100_000) }],
      ["/api/auth/forgot-password", { email: null }],
      ["/api/auth/reset-password", { token: "t".repeat(5000), password: "long-enough" }],
      ["/api/auth/reset-password", { password: "long-enough" }],
    ];
    for (const [url, payload] of cases) {
      const res = await post(url, payload, "10.6.0.1");
      expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 80)}`).toBe(400);
      expect(res.json().message).toMatch(/^body(\.\w+)?: /);
    }
    for (const url of [
      "/api/auth/register",
      "/api/auth/login",
      "/api/auth/forgot-password",
      "/api/auth/reset-password",
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        payload: "{not json",
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toHaveProperty("message");
    }
  });
});
