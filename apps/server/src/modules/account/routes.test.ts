import { EXPORT_SECTIONS } from "@koc/shared";
import { eq, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import { giveLearnerData, type LearnerRecords, SMALL_COURSE, TRIAL_COURSE } from "../../../test/learner-data.js";
import { takeQuiz } from "../../../test/quiz.js";
import * as schema from "../../db/schema.js";
import { EXPORTED_TABLES, NOT_EXPORTED } from "./export.js";

const PASSWORD = "correct horse battery";

describe("the export covers every table that holds a learner's rows", () => {
  it("lists each table with a user_id column as a section or as deliberately left out", () => {
    const linked = Object.values(schema as Record<string, unknown>)
      .filter((v): v is PgTable => is(v, PgTable))
      .map((t) => getTableConfig(t))
      .filter((c) => c.columns.some((col) => col.name === "user_id"))
      .map((c) => c.name)
      .sort();
    const covered = [
      ...Object.values(EXPORTED_TABLES).map((s) => getTableConfig(s.table).name),
      ...Object.keys(NOT_EXPORTED),
    ].sort();
    expect(covered).toEqual(linked);
    expect(Object.keys(EXPORTED_TABLES).sort()).toEqual(EXPORT_SECTIONS.filter((s) => s !== "profile").sort());
  });
});

describe.each(engines)("a learner's own data on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  let alice: Awaited<ReturnType<typeof registerUser>>;
  let bram: Awaited<ReturnType<typeof registerUser>>;
  let aliceData: LearnerRecords;
  let bramData: LearnerRecords;

  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    alice = await registerUser(t.app, { name: "Alice Marker 51c2", email: "alice-51c2@example.com" });
    bram = await registerUser(t.app, { name: "Bram Marker 9d4e", email: "bram-9d4e@example.com" });
    aliceData = await giveLearnerData(t.app, t.database.db, alice, "alice 51c2");
    bramData = await giveLearnerData(t.app, t.database.db, bram, "bram 9d4e");
  });
  afterAll(() => t.close());

  const exportOf = (auth: Record<string, string>) => t.app.inject({ url: "/api/account/export", headers: auth });
  const deleteAccount = (auth: Record<string, string>, payload: object) =>
    t.app.inject({ method: "POST", url: "/api/account/delete", headers: auth, payload });

  it("downloads every section as one JSON file named by today's date", async () => {
    const res = await exportOf(alice.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="kingdom-of-code-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers["cache-control"]).toContain("no-store");
    const data = res.json();
    for (const section of EXPORT_SECTIONS) expect(data, section).toHaveProperty(section);
    expect(data.profile).toMatchObject({ name: "Alice Marker 51c2", email: "alice-51c2@example.com", isPremium: true });
    expect(data.enrollments.map((e: { courseId: string }) => e.courseId).sort()).toEqual([SMALL_COURSE, TRIAL_COURSE]);
    expect(data.exerciseAttempts).toEqual([
      expect.objectContaining({ code: aliceData.attemptCode, language: "python", passed: true }),
    ]);
    expect(data.exerciseAttempts[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(data.helpLadder).toEqual([expect.objectContaining({ failures: 2, hintsTaken: 1 })]);
    expect(data.drafts).toEqual([expect.objectContaining({ code: "# draft alice 51c2" })]);
    expect(data.certificates).toEqual([expect.objectContaining({ code: aliceData.certificateCode })]);
    expect(data.invoices).toEqual([
      expect.objectContaining({ id: aliceData.invoiceId, buyerName: "Alice Marker 51c2" }),
    ]);
    expect(data.payments).toEqual([expect.objectContaining({ id: aliceData.paymentId, status: "captured" })]);
    expect(data.quizAttempts.length).toBeGreaterThan(0);
    expect(data.lessonCompletions.length).toBeGreaterThan(0);
  });

  it("holds nothing of another learner, and no password hash or token", async () => {
    const body = (await exportOf(alice.auth)).body;
    for (const other of [
      bram.user._id,
      "Bram Marker 9d4e",
      "bram-9d4e@example.com",
      bramData.attemptCode,
      bramData.certificateCode,
      bramData.invoiceId,
    ]) {
      expect(body).not.toContain(other);
    }
    const [row] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, alice.user._id));
    expect(body).not.toContain(String(row?.passwordHash));
    expect(body).not.toMatch(/password_?hash|tokenVersion|token_hash/i);
    expect(body).not.toContain(alice.token);
  });

  it("refuses an export without a session", async () => {
    const res = await t.app.inject({ url: "/api/account/export" });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a deletion without the explicit confirmation or with a wrong password, deleting nothing", async () => {
    const missing = await deleteAccount(alice.auth, { currentPassword: PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("body.confirm");
    const unticked = await deleteAccount(alice.auth, { currentPassword: PASSWORD, confirm: "yes" });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().message).toContain("body.confirm");
    const empty = await deleteAccount(alice.auth, { currentPassword: "", confirm: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("body.currentPassword");
    // A careless learner: the password with a trailing space, or in the wrong case.
    for (const wrong of [`${PASSWORD} `, PASSWORD.toUpperCase()]) {
      const res = await deleteAccount(alice.auth, { currentPassword: wrong, confirm: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("body.currentPassword");
    }
    expect((await t.app.inject({ url: "/api/auth/me", headers: alice.auth })).statusCode).toBe(200);
    expect((await exportOf(alice.auth)).json().exerciseAttempts).toHaveLength(1);
  });

  it("leaves nothing half-deleted when the transaction fails part way", async () => {
    const carol = await registerUser(t.app, { email: "carol-7a1b@example.com", password: PASSWORD });
    await t.database.db.insert(schema.mailOutbox).values({ to: "carol-7a1b@example.com", subject: "s", text: "t" });
    const before = (await exportOf(carol.auth)).body;
    // The database refuses to remove this user row (a failing disk, a lost connection...): the last step.
    await t.database.db.execute(
      sql.raw(`create function refuse_user_delete() returns trigger language plpgsql as $$
        begin
          if old.id = '${carol.user._id}' then raise exception 'disk full'; end if;
          return old;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        "create trigger refuse_user_delete before delete on users for each row execute function refuse_user_delete()",
      ),
    );
    try {
      const res = await deleteAccount(carol.auth, { currentPassword: PASSWORD, confirm: true });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw("drop trigger refuse_user_delete on users"));
      await t.database.db.execute(sql.raw("drop function refuse_user_delete()"));
    }
    const outbox = await t.database.db
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.to, "carol-7a1b@example.com"));
    expect(outbox).toHaveLength(1);
    const after = await exportOf(carol.auth);
    expect(after.statusCode).toBe(200);
    expect({ ...after.json(), exportedAt: "" }).toEqual({ ...JSON.parse(before), exportedAt: "" });
  });

  it("deletes the account at once, keeps its invoice for the accounts, and leaves the other learner untouched", async () => {
    // Dara joined with Alice's code and passed a first check (Alice's credit is earned); Eli joined
    // with it and has not (pending).
    const code = (await exportOf(alice.auth)).json().profile.referralCode as string;
    const join = async (email: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { name: "Friend", email, password: PASSWORD, referralCode: code },
        remoteAddress: `10.99.0.${email.length}`,
      });
      expect(res.statusCode).toBe(201);
      return { auth: { authorization: `Bearer ${res.json().token}` }, id: res.json().user._id as string };
    };
    const dara = await join("dara-33@example.com");
    const [firstJava] = (await t.app.catalogue.lessonsWithAnswers("java-programming")).map((l) => l._id);
    expect((await takeQuiz(t.app, dara.auth, String(firstJava))).statusCode).toBe(200);
    const eli = await join("eli-4@example.com");
    // A second session of Alice's, on another device.
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "alice-51c2@example.com", password: PASSWORD },
    });
    const otherDevice = { authorization: `Bearer ${login.json().token}` };
    const bramBefore = (await exportOf(bram.auth)).json();

    const res = await deleteAccount(alice.auth, { currentPassword: PASSWORD, confirm: true });
    expect(res.statusCode).toBe(200);

    // Every session ends at once; the password no longer logs in.
    for (const auth of [alice.auth, otherDevice]) {
      expect((await t.app.inject({ url: "/api/auth/me", headers: auth })).statusCode).toBe(401);
      expect((await exportOf(auth)).statusCode).toBe(401);
    }
    const relogin = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "alice-51c2@example.com", password: PASSWORD },
    });
    expect(relogin.statusCode).toBe(401);
    // Her learning records are gone, and her certificate no longer verifies with her name.
    const db = t.database.db;
    for (const table of Object.values(EXPORTED_TABLES).map((s) => s.table)) {
      const { columns } = getTableConfig(table);
      const userId = columns.find((c) => c.name === "user_id");
      if (!userId) throw new Error("no user_id");
      expect(await db.select().from(table).where(eq(userId, alice.user._id))).toEqual([]);
    }
    const verify = await t.app.inject({ url: `/api/certificates/${aliceData.certificateCode}` });
    expect(verify.statusCode).toBe(404);
    expect(verify.body).not.toContain("Alice Marker 51c2");
    // The invoice, payment and order stay, detached, with what was issued.
    const [invoice] = await db.select().from(schema.invoices).where(eq(schema.invoices.id, aliceData.invoiceId));
    expect(invoice).toMatchObject({
      userId: null,
      buyerName: "Alice Marker 51c2",
      buyerEmail: "alice-51c2@example.com",
      paymentId: aliceData.paymentId,
      orderId: aliceData.orderId,
    });
    expect(invoice?.amount).toBeGreaterThan(0);
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.id, aliceData.paymentId));
    expect(payment).toMatchObject({ userId: null, status: "captured", orderId: aliceData.orderId });
    const [order] = await db.select().from(schema.paymentOrders).where(eq(schema.paymentOrders.id, aliceData.orderId));
    expect(order).toMatchObject({ userId: null });
    // The friends keep their accounts; the credit Alice had earned went with her account.
    expect((await t.app.inject({ url: "/api/auth/me", headers: dara.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/auth/me", headers: eli.auth })).statusCode).toBe(200);
    expect(await db.select().from(schema.creditLedger).where(eq(schema.creditLedger.referredUserId, eli.id))).toEqual(
      [],
    );
    // Bram is untouched.
    const bramAfter = await exportOf(bram.auth);
    expect(bramAfter.statusCode).toBe(200);
    expect({ ...bramAfter.json(), exportedAt: "" }).toEqual({ ...bramBefore, exportedAt: "" });
    expect((await t.app.inject({ url: `/api/certificates/${bramData.certificateCode}` })).json()).toMatchObject({
      name: "Bram Marker 9d4e",
    });

    // The email can join again, as a new account with nothing of the old one.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "Alice Again", email: "alice-51c2@example.com", password: "another good password" },
      remoteAddress: "10.98.0.1",
    });
    expect(again.statusCode, again.body).toBe(201);
    const fresh = (await exportOf({ authorization: `Bearer ${again.json().token}` })).json();
    expect(fresh.profile.isPremium).toBe(false);
    expect(fresh.invoices).toEqual([]);
    expect(fresh.certificates).toEqual([]);
  });

  it("keeps a referrer's earned credit when the friend deletes their account", async () => {
    const referrer = await registerUser(t.app, { password: PASSWORD });
    const code = (await exportOf(referrer.auth)).json().profile.referralCode as string;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "Friend", email: "friend-credit@example.com", password: PASSWORD, referralCode: code },
      remoteAddress: "10.97.0.1",
    });
    const friend = { authorization: `Bearer ${res.json().token}` };
    const [firstJava] = (await t.app.catalogue.lessonsWithAnswers("java-programming")).map((l) => l._id);
    expect((await takeQuiz(t.app, friend, String(firstJava))).statusCode).toBe(200);
    const credits = async () => (await exportOf(referrer.auth)).json().referralCredits as { earnedAt: string | null }[];
    expect((await credits()).filter((c) => c.earnedAt)).toHaveLength(1);
    expect((await exportOf(referrer.auth)).body).not.toContain(res.json().user._id);
    expect((await deleteAccount(friend, { currentPassword: PASSWORD, confirm: true })).statusCode).toBe(200);
    expect((await credits()).filter((c) => c.earnedAt)).toHaveLength(1);

    // A friend who joined but never passed a check leaves no pending credit behind.
    const pending = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "Pending", email: "friend-pending@example.com", password: PASSWORD, referralCode: code },
      remoteAddress: "10.97.0.2",
    });
    expect((await credits()).filter((c) => !c.earnedAt)).toHaveLength(1);
    const pendingAuth = { authorization: `Bearer ${pending.json().token}` };
    expect((await deleteAccount(pendingAuth, { currentPassword: PASSWORD, confirm: true })).statusCode).toBe(200);
    expect(await credits()).toEqual([expect.objectContaining({ earnedAt: expect.any(String) })]);
  });
});
