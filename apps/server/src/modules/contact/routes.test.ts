import { CONTACT_SUCCESS } from "@koc/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestApp, engines } from "../../../test/harness.js";
import { contactMessages, mailOutbox } from "../../db/schema.js";
import { CONTACT_RATE_LIMITED, CONTACT_RATE_LIMITS } from "./service.js";

const valid = {
  name: "Amarendra",
  email: "Recruit@Example.com",
  subject: "About the Java course",
  message: "When does the next lesson on streams arrive?",
};

let ipCounter = 0;
/** Each test writes from its own network address so the per-IP limit never leaks between tests. */
const nextIp = () => `10.0.0.${++ipCounter}`;

describe.each(engines)("contact API on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(contactMessages);
    await t.database.db.delete(mailOutbox);
  });

  const post = (payload: unknown, remoteAddress = nextIp()) =>
    t.app.inject({ method: "POST", url: "/api/contact", payload: payload as object, remoteAddress });
  const stored = () => t.database.db.select().from(contactMessages);
  const outbox = () => t.database.db.select().from(mailOutbox);

  it("stores a valid message and mails the support address", async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: CONTACT_SUCCESS });

    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Amarendra",
      email: "recruit@example.com",
      subject: valid.subject,
      message: valid.message,
    });
    // The notice goes through the job queue: it arrives just after the answer.
    await vi.waitFor(async () => expect(await outbox()).toHaveLength(1), { timeout: 5000 });
    const mails = await outbox();
    expect(mails[0]?.to).toBe(t.app.config.SUPPORT_EMAIL);
    expect(mails[0]?.subject).toContain(valid.subject);
    expect(mails[0]?.text).toContain(valid.message);
    expect(mails[0]?.text).toContain("recruit@example.com");
  });

  it.each([
    ["name", { ...valid, name: undefined }, /^body\.name: /],
    ["name", { ...valid, name: "   " }, /^body\.name: is required/],
    ["email", { ...valid, email: undefined }, /^body\.email: /],
    ["email", { ...valid, email: "not-an-email" }, /^body\.email: .*valid email/],
    ["subject", { ...valid, subject: "" }, /^body\.subject: is required/],
    ["message", { ...valid, message: "" }, /^body\.message: is required/],
    ["name", { ...valid, name: "n".repeat(101) }, /^body\.name: must be at most 100 characters/],
    ["subject", { ...valid, subject: "s".repeat(151) }, /^body\.subject: must be at most 150/],
    ["message", { ...valid, message: "m".repeat(5001) }, /^body\.message: must be at most 5000/],
    ["email", { ...valid, email: `${"e".repeat(250)}@x.io` }, /^body\.email: must be at most 254/],
    ["name", { ...valid, name: "Ada\r\nFrom: ceo@kingdom.example" }, /^body\.name: must be on one line/],
    ["name", { ...valid, name: "Ada\u0085Lovelace" }, /^body\.name: must be on one line/],
    ["subject", { ...valid, subject: "Hi\nBcc: all@example.com" }, /^body\.subject: must be on one line/],
    ["subject", { ...valid, subject: "Hi\u2028there" }, /^body\.subject: must be on one line/],
    ["email", { ...valid, email: "a@example.com\rx" }, /^body\.email: must be on one line/],
    ["message", { ...valid, message: "Hello\u001b[2Jthere" }, /^body\.message: must not hold control/],
  ])("answers 400 naming %s and stores nothing when it is invalid", async (_field, payload, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await stored()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("keeps a message's line breaks, and quotes the name so it cannot pass for the sender's address", async () => {
    const res = await post({
      ...valid,
      name: "Ada <ceo@kingdom.example>",
      message: "Line one\r\nLine two\n\tindented",
    });
    expect(res.statusCode).toBe(200);
    // The notice goes through the job queue (after the answer), beside earlier tests' mail.
    const mine = async () => (await outbox()).find((m) => m.text.includes("Line one"));
    await vi.waitFor(async () => expect(await mine()).toBeDefined(), { timeout: 15_000 });
    const mail = await mine();
    expect(mail?.text).toContain("Line one\r\nLine two\n\tindented");
    expect(mail?.text).toContain('Sender\'s name (as typed): "Ada <ceo@kingdom.example>"');
    expect(mail?.text).toContain("Sender's email: recruit@example.com");
    expect(mail?.text).not.toMatch(/^From: /m);
  });

  it("answers 400 for a body that is not an object", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: "[1,2]",
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(await stored()).toHaveLength(0);
  });

  it("answers success to a filled honeypot but keeps and sends nothing", async () => {
    const res = await post({ ...valid, website: "http://spam.example" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: CONTACT_SUCCESS });
    expect(await stored()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("accepts an empty honeypot, as the real form sends it", async () => {
    const res = await post({ ...valid, website: "" });
    expect(res.statusCode).toBe(200);
    expect(await stored()).toHaveLength(1);
  });

  it("limits messages per email address with a 429 and a message", async () => {
    const payload = { ...valid, email: "busy@example.com" };
    for (let i = 0; i < CONTACT_RATE_LIMITS.perEmail.limit; i++) {
      expect((await post(payload)).statusCode).toBe(200);
    }
    // Changing the letter case does not dodge the limit, and a fresh IP does not either.
    const limited = await post({ ...payload, email: "BUSY@example.com" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: CONTACT_RATE_LIMITED });
    expect(await stored()).toHaveLength(CONTACT_RATE_LIMITS.perEmail.limit);

    // Someone else can still write.
    expect((await post({ ...valid, email: "other@example.com" })).statusCode).toBe(200);
  });

  it("limits messages per network address with a 429", async () => {
    const ip = nextIp();
    for (let i = 0; i < CONTACT_RATE_LIMITS.perIp.limit; i++) {
      expect((await post({ ...valid, email: `sender${i}@example.com` }, ip)).statusCode).toBe(200);
    }
    const limited = await post({ ...valid, email: "one-more@example.com" }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(CONTACT_RATE_LIMITED);
    expect(await stored()).toHaveLength(CONTACT_RATE_LIMITS.perIp.limit);
  });
});
