import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import { decodeQuotedPrintable, startSink } from "../../../test/smtp-sink.js";
import { createSmtpMailer } from "../../adapters/mail/smtp.js";

describe.each(engines)("password reset mail over SMTP on %s", (engine) => {
  let sink: Awaited<ReturnType<typeof startSink>>;
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  beforeAll(async () => {
    sink = await startSink();
    t = await createAccountsTestApp(engine, {
      mailer: createSmtpMailer(sink.url, "Kingdom of Code <no-reply@kingdom.example>"),
      publicOrigin: "https://kingdom.example",
    });
  });
  afterAll(async () => {
    await t.close();
    await t.app.mailer.close();
    await sink.close();
  });

  it("delivers the reset link through a real SMTP server, and the link works", async () => {
    await registerUser(t.app, { email: "smtp-user@example.com", password: "before-reset" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: "smtp-user@example.com" },
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(sink.delivered).toHaveLength(1), { timeout: 5000 });
    const [mail] = sink.delivered;
    expect(mail?.from).toBe("no-reply@kingdom.example");
    expect(mail?.to).toEqual(["smtp-user@example.com"]);
    const text = decodeQuotedPrintable(mail?.raw ?? "");
    expect(text).toMatch(/^Subject: Reset your Kingdom of Code password/m);
    const token = /https:\/\/kingdom\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(token).toBeTruthy();

    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "after-reset-123" },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "smtp-user@example.com", password: "after-reset-123" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("sends nothing for an email without an account", async () => {
    const before = sink.delivered.length;
    await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: "nobody@example.com" } });
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.delivered).toHaveLength(before);
  });
});
