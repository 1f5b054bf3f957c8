/**
 * A mail server that is down when a reset link is asked for delays the mail, never loses it: the job
 * fails, waits (back-off), and is delivered once the server is back, at the same address.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccountsTestApp, registerUser } from "../../test/accounts.js";
import { engines } from "../../test/harness.js";
import { type Delivered, decodeQuotedPrintable, messageIdOf, mimePart, startSink } from "../../test/smtp-sink.js";
import { createSmtpMailer } from "../adapters/mail/smtp.js";
import { minimumRetrySpanSeconds } from "./queue.js";

describe("the job queue's retry schedule", () => {
  it("keeps retrying a mail for far longer than a ten-minute outage", () => {
    expect(minimumRetrySpanSeconds()).toBeGreaterThan(10 * 60);
    expect(minimumRetrySpanSeconds({ retryDelaySeconds: 1, retryLimit: 3 })).toBe(1 + 2 + 4);
  });
});

describe.each(engines)("a reset mail while the SMTP server is down, on %s", (engine) => {
  const delivered: Delivered[] = [];
  let port = 0;
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  let sink: Awaited<ReturnType<typeof startSink>> | undefined;
  beforeAll(async () => {
    // Learn a free port, then stop the server: the app's mail server is down from the start.
    const probe = await startSink({ delivered });
    port = probe.port;
    await probe.close();
    t = await createAccountsTestApp(engine, {
      mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`, "Kingdom of Code <no-reply@kingdom.example>"),
      publicOrigin: "https://kingdom.example",
      jobOptions: { retryDelaySeconds: 1, retryLimit: 8 },
    });
  });
  afterAll(async () => {
    await t.close();
    await t.app.mailer.close();
    await sink?.close();
  });

  it("fails, is retried after the server is back, and arrives once as text and HTML", { timeout: 60_000 }, async () => {
    const { user } = await registerUser(t.app, { email: "outage@example.com", password: "before-outage" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: "outage@example.com" },
    });
    expect(res.statusCode).toBe(200);

    // The first attempt met a closed port: the job waits for a retry, nothing was delivered.
    await vi.waitFor(
      async () => {
        const { rows } = await t.database.executeSql(
          "select state, retry_count from pgboss.job where name = 'password-reset'",
        );
        expect(rows).toEqual([expect.objectContaining({ state: "retry" })]);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(delivered).toHaveLength(0);

    sink = await startSink({ port, delivered });
    await vi.waitFor(() => expect(delivered).toHaveLength(1), { timeout: 40_000, interval: 100 });
    const raw = decodeQuotedPrintable(delivered[0]?.raw ?? "");
    expect(delivered[0]?.to).toEqual(["outage@example.com"]);
    expect(messageIdOf(raw)).toMatch(/@kingdomofcode\.dev$/);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
    // The text part reads on its own: greeting, the link on its own line, no markup.
    const textPart = mimePart(delivered[0]?.raw ?? "", "text/plain") ?? "";
    expect(textPart).toContain(`Hail, ${user.name}!`);
    expect(textPart).toMatch(/Choose a new password:\nhttps:\/\/kingdom\.example\/reset-password\?token=/);
    expect(textPart).not.toMatch(/<[a-z]/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    expect(mimePart(delivered[0]?.raw ?? "", "text/html")).toMatch(
      /href="https:\/\/kingdom\.example\/reset-password\?token=/,
    );

    // The link in the mail works.
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(textPart)?.[1];
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "after-outage-1" },
    });
    expect(reset.statusCode).toBe(200);
    const { rows } = await t.database.executeSql("select state from pgboss.job where name = 'password-reset'");
    expect(rows).toEqual([{ state: "completed" }]);
  });
});
