import { REFERRAL_CODE_ALPHABET } from "@koc/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import { creditLedger, users } from "../../db/schema.js";

const codePattern = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{8}$`);

describe.each(engines)("referral API on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
  });
  afterAll(() => t.close());

  let counter = 0;
  async function join(name: string, referralCode?: string) {
    counter += 1;
    const email = `referral-${counter}-${Date.now()}@example.com`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name, email, password: "correct horse battery", ...(referralCode ? { referralCode } : {}) },
    });
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
    const { token, user } = res.json() as { token: string; user: { _id: string; referralCode: string } };
    return { email, user, auth: { authorization: `Bearer ${token}` } };
  }
  const apply = (auth: Record<string, string>, referralCode: string, newUserEmail: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/referral/apply-code",
      headers: auth,
      payload: { referralCode, newUserEmail },
    });
  const stats = (auth: Record<string, string>, email: string) =>
    t.app.inject({ method: "GET", url: `/api/referral/stats/${encodeURIComponent(email)}`, headers: auth });
  const ledgerFor = (userId: string) =>
    t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));

  it("gives every account its own code at creation; generate-code returns it, for the caller only", async () => {
    const a = await join("Ada");
    const b = await join("Babbage");
    expect(a.user.referralCode).toMatch(codePattern);
    expect(b.user.referralCode).toMatch(codePattern);
    expect(a.user.referralCode).not.toBe(b.user.referralCode);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/referral/generate-code",
        headers: a.auth,
        payload: { email: a.email.toUpperCase() },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ referralCode: a.user.referralCode });
    }
    const other = await t.app.inject({
      method: "POST",
      url: "/api/referral/generate-code",
      headers: a.auth,
      payload: { email: b.email },
    });
    expect(other.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/referral/generate-code",
      headers: a.auth,
      payload: { email: "not-an-email" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^body\.email: /);
  });

  it("records the referrer's 80 as pending at registration, matching the code whatever its case, and stats show the friend without their email", async () => {
    const referrer = await join("Arthur Pendragon");
    const friend = await join("Lancelot du Lac", `  ${referrer.user.referralCode.toLowerCase()} `);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, friend.user._id));
    expect(row?.referredByCode).toBe(referrer.user.referralCode);
    // One transaction: now() is the transaction's start time, so the grant and the account share it.
    const [same] = await t.database.db
      .select({ same: sql<boolean>`${creditLedger.createdAt} = ${users.createdAt}` })
      .from(creditLedger)
      .innerJoin(users, eq(users.id, creditLedger.referredUserId))
      .where(eq(creditLedger.referredUserId, friend.user._id));
    expect(same?.same).toBe(true);

    const res = await stats(referrer.auth, referrer.email);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      referralCode: referrer.user.referralCode,
      totalCredits: 0,
      totalReferrals: 0,
      pendingCredits: 80,
      pendingReferrals: 1,
      referredUsers: [{ _id: friend.user._id, name: "Lancelot du Lac", createdAt: expect.any(String) }],
    });
    expect(res.body).not.toContain(friend.email);
    expect(Number.isNaN(Date.parse(body.referredUsers[0].createdAt))).toBe(false);

    // The friend's client then calls apply-code as the web client does: nothing more is granted.
    const again = await apply(friend.auth, referrer.user.referralCode.toLowerCase(), friend.email);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ credited: false, message: expect.stringMatching(/already applied/) });
    expect(await ledgerFor(referrer.user._id)).toHaveLength(1);

    const friendStats = (await stats(friend.auth, friend.email)).json();
    expect(friendStats).toMatchObject({ totalCredits: 0, totalReferrals: 0, pendingCredits: 0, referredUsers: [] });
  });

  it("12 friends joining in parallel with one code, each also applying it twice in parallel: exactly 12 referrals and 960 credits pending", async () => {
    const referrer = await join("Queen of Code");
    const code = referrer.user.referralCode;
    const answers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const friend = await join(`Recruit ${i}`, code);
        const both = await Promise.all([
          apply(friend.auth, code, friend.email),
          apply(friend.auth, code, friend.email),
        ]);
        return both.map((r) => r.statusCode);
      }),
    );
    expect(answers.flat()).toEqual(Array(24).fill(200));
    const body = (await stats(referrer.auth, referrer.email)).json();
    expect(body).toMatchObject({ pendingReferrals: 12, pendingCredits: 960, totalReferrals: 0, totalCredits: 0 });
    expect(new Set(body.referredUsers.map((u: { _id: string }) => u._id)).size).toBe(12);
    const ledger = await ledgerFor(referrer.user._id);
    expect(ledger).toHaveLength(12);
    expect(ledger.every((r) => r.amount === 80 && r.reason === "referral")).toBe(true);
  });

  it("two server instances sharing one database never credit a friend twice", async () => {
    const second = await createAccountsTestApp(engine, { database: t.database });
    try {
      const referrer = await join("Twin Towers");
      const code = referrer.user.referralCode;
      await Promise.all(
        Array.from({ length: 4 }, async (_, i) => {
          const friend = await join(`Balanced ${i}`);
          const calls = [t.app, second.app, t.app, second.app].map((app) =>
            app.inject({
              method: "POST",
              url: "/api/referral/apply-code",
              headers: friend.auth,
              payload: { referralCode: code, newUserEmail: friend.email },
            }),
          );
          const statuses = (await Promise.all(calls)).map((r) => r.statusCode).sort();
          expect(statuses).toEqual([200, 200, 200, 201]);
        }),
      );
      expect((await stats(referrer.auth, referrer.email)).json()).toMatchObject({
        pendingReferrals: 4,
        pendingCredits: 320,
        totalCredits: 0,
      });
    } finally {
      await second.close();
    }
  });

  it("friends who apply the code only after joining, twice in parallel, are credited once each", async () => {
    const referrer = await join("King Arthur");
    const code = referrer.user.referralCode;
    const results = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const friend = await join(`Late recruit ${i}`);
        const both = await Promise.all([
          apply(friend.auth, code, friend.email),
          apply(friend.auth, code, friend.email),
        ]);
        return both.map((r) => r.statusCode).sort();
      }),
    );
    for (const pair of results) expect(pair).toEqual([200, 201]);
    const body = (await stats(referrer.auth, referrer.email)).json();
    expect(body).toMatchObject({ pendingReferrals: 6, pendingCredits: 480, totalCredits: 0 });
  });

  it("refuses a learner's own code: 400 from apply-code, ignored at registration, and the ledger forbids it", async () => {
    const me = await join("Narcissus");
    const res = await apply(me.auth, me.user.referralCode, me.email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "You cannot use your own referral code." });
    expect((await stats(me.auth, me.email)).json()).toMatchObject({
      totalCredits: 0,
      totalReferrals: 0,
      pendingCredits: 0,
    });
    await expect(
      t.database.db
        .insert(creditLedger)
        .values({ userId: me.user._id, reason: "referral", referredUserId: me.user._id, amount: 80 }),
    ).rejects.toThrow();
  });

  it("credits a friend at most once: a second apply is 200 with nothing granted, another referrer's code is 409", async () => {
    const first = await join("First Referrer");
    const second = await join("Second Referrer");
    const friend = await join("Galahad");
    const applied = await apply(friend.auth, first.user.referralCode, friend.email);
    expect(applied.statusCode).toBe(201);
    expect(applied.json()).toEqual({
      message: "Referral code applied! Your referrer earns 80 credits when you pass your first Knowledge Check.",
      credited: true,
    });
    const twice = await apply(friend.auth, first.user.referralCode, friend.email);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().credited).toBe(false);
    const other = await apply(friend.auth, second.user.referralCode, friend.email);
    expect(other.statusCode).toBe(409);
    expect((await stats(first.auth, first.email)).json()).toMatchObject({ pendingCredits: 80, pendingReferrals: 1 });
    expect((await stats(second.auth, second.email)).json()).toMatchObject({ pendingCredits: 0, totalCredits: 0 });
    // The database itself refuses a second grant for the same friend.
    await expect(
      t.database.db
        .insert(creditLedger)
        .values({ userId: second.user._id, reason: "referral", referredUserId: friend.user._id, amount: 80 }),
    ).rejects.toThrow();
  });

  it("refuses apply-code for another account's email (403) and grants nothing", async () => {
    const referrer = await join("Merlin");
    const victim = await join("Morgana");
    const forger = await join("Mordred");
    const res = await apply(forger.auth, referrer.user.referralCode, victim.email);
    expect(res.statusCode).toBe(403);
    expect((await ledgerFor(referrer.user._id)).length).toBe(0);
    // Extra fields are no way to grant more: the server decides the amount.
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/referral/apply-code",
      headers: forger.auth,
      payload: { referralCode: referrer.user.referralCode, newUserEmail: forger.email, amount: 100000 },
    });
    expect(forged.statusCode).toBe(201);
    expect((await stats(referrer.auth, referrer.email)).json()).toMatchObject({ pendingCredits: 80, totalCredits: 0 });
  });

  it("shows stats only to their owner: 403 for another learner, 401 for a visitor or a forged token", async () => {
    const owner = await join("Guinevere");
    const nosy = await join("Nosy Knight");
    const res = await stats(nosy.auth, owner.email);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(owner.user.referralCode);
    expect((await stats({}, owner.email)).statusCode).toBe(401);
    expect((await stats({ authorization: "Bearer forged.token.value" }, owner.email)).statusCode).toBe(401);
    const visitorApply = await apply({}, owner.user.referralCode, "visitor@example.com");
    expect(visitorApply.statusCode).toBe(401);
    const visitorCode = await t.app.inject({
      method: "POST",
      url: "/api/referral/generate-code",
      payload: { email: owner.email },
    });
    expect(visitorCode.statusCode).toBe(401);
    const badEmail = await stats(owner.auth, "not-an-email");
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toMatch(/^params\.email: /);
  });

  it("creates the account when the code at registration is unknown or malformed; apply-code says 404", async () => {
    for (const code of ["NOPE", "ZZZZZZZZ", "!!<script>", "x".repeat(64)]) {
      const friend = await join("Stranger", code);
      expect(friend.user._id).toBeTruthy();
      const [row] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(creditLedger)
        .where(eq(creditLedger.referredUserId, friend.user._id));
      expect(Number(row?.n)).toBe(0);
    }
    // Malformed beyond the field's limits (too long, not text at all): still a new account, code ignored.
    for (const referralCode of ["x".repeat(65), "y".repeat(5000), 12345678, null, ["ABCDEFGH"], { code: "X" }]) {
      counter += 1;
      const email = `malformed-${counter}@example.com`;
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { name: "Odd Code", email, password: "correct horse battery", referralCode },
      });
      expect(res.statusCode, JSON.stringify(referralCode).slice(0, 40)).toBe(201);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(row?.referredByCode).toBeNull();
    }
    const friend = await join("Wanderer", "ZZZZZZZZ");
    const res = await apply(friend.auth, "ZZZZZZZZ", friend.email);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "No learner has this referral code. Check it and try again." });
  });

  it("answers 400 naming the field for a bad apply-code body", async () => {
    const u = await registerUser(t.app);
    for (const [payload, field] of [
      [{ newUserEmail: u.user.email }, "body.referralCode"],
      [{ referralCode: "   ", newUserEmail: u.user.email }, "body.referralCode"],
      [{ referralCode: "x".repeat(65), newUserEmail: u.user.email }, "body.referralCode"],
      [{ referralCode: "ABCDEFGH" }, "body.newUserEmail"],
    ] as const) {
      const res = await t.app.inject({ method: "POST", url: "/api/referral/apply-code", headers: u.auth, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message.startsWith(`${field}: `)).toBe(true);
    }
  });

  it("applies a code only within 24 hours of the account's creation", async () => {
    const referrer = await join("Old Guard");
    const friend = await join("Latecomer");
    await t.database.db
      .update(users)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(users.id, friend.user._id));
    const res = await apply(friend.auth, referrer.user.referralCode, friend.email);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/within 24 hours/);
    expect((await ledgerFor(referrer.user._id)).length).toBe(0);
  });
});
