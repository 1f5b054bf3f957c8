/**
 * A paid invoice reaches the buyer's mailbox once, as a durable job with its PDF attached: verifying
 * twice, or the webhook after the verify, sends no second mail, and an invoice whose mail was never
 * queued (the process died right after the payment committed) is queued at the next start.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registerUser, TEST_JWT_SECRET } from "../../../test/accounts.js";
import { createTestDatabase, engines, realCatalogue, type TestDatabase } from "../../../test/harness.js";
import { TEST_CHECKOUT_SECRET } from "../../../test/payments.js";
import { type Delivered, decodeQuotedPrintable, startSink } from "../../../test/smtp-sink.js";
import { createSmtpMailer } from "../../adapters/mail/smtp.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { seedCatalogue } from "../../db/seed.js";

describe.each(engines)("the invoice mail on %s", (engine) => {
  const delivered: Delivered[] = [];
  let sink: Awaited<ReturnType<typeof startSink>>;
  let database: TestDatabase;
  const start = async () => {
    const app = await buildApp({
      database,
      config: loadConfig({
        NODE_ENV: "test",
        JWT_SECRET: TEST_JWT_SECRET,
        PUBLIC_ORIGIN: "https://kingdom.example",
        SUPPORT_EMAIL: "support@kingdom.example",
      }),
      testCheckoutSecret: TEST_CHECKOUT_SECRET,
      mailer: createSmtpMailer(sink.url, "Kingdom of Code <no-reply@kingdom.example>"),
    });
    await app.ready();
    return app;
  };
  let app: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    sink = await startSink({ delivered });
    database = await createTestDatabase(engine);
    await seedCatalogue(database.db, realCatalogue());
    app = await start();
  });
  afterAll(async () => {
    await app.close();
    await app.mailer.close();
    await database.dispose();
    await sink.close();
  });

  const mailsTo = (email: string) => delivered.filter((d) => d.to.includes(email));

  it("sends the buyer one mail with the invoice PDF, however often the payment is verified", {
    timeout: 60_000,
  }, async () => {
    const u = await registerUser(app, { name: "Sivagami", email: "sivagami@example.com" });
    const post = (url: string, payload: object) => app.inject({ method: "POST", url, headers: u.auth, payload });
    const order = (await post("/api/payment/create-order", {})).json();
    const paid = (await post("/api/payment/test-checkout/pay", { order_id: order.id })).json();
    const first = await post("/api/payment/verify-payment", paid);
    expect(first.statusCode).toBe(200);
    const { invoiceId } = first.json() as { invoiceId: string };
    expect((await post("/api/payment/verify-payment", paid)).json().invoiceId).toBe(invoiceId);

    await vi.waitFor(() => expect(mailsTo("sivagami@example.com")).toHaveLength(1), { timeout: 40_000, interval: 100 });
    // Quoted-printable decodes to bytes; read them as UTF-8 (the rupee sign).
    const raw = Buffer.from(decodeQuotedPrintable(mailsTo("sivagami@example.com")[0]?.raw ?? ""), "latin1").toString(
      "utf8",
    );
    expect(raw).toMatch(new RegExp(`^Subject: Your Kingdom of Code invoice ${invoiceId}`, "m"));
    expect(raw).toContain("Hail, Sivagami!");
    expect(raw).toContain("₹100");
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    expect(raw).toMatch(new RegExp(`Content-Type: application/pdf; name="?kingdom-of-code-${invoiceId}\\.pdf`, "i"));
    // The attachment is a PDF ("%PDF-" in base64).
    expect(raw).toMatch(/\n\s*JVBERi0/);
    // Another learner's mailbox gets nothing.
    expect(delivered.every((d) => d.to.length === 1)).toBe(true);

    // The job is recorded done (just after the mail was accepted), and no second job was made.
    await vi.waitFor(
      async () => {
        const { rows } = await database.executeSql("select state from pgboss.job where name = 'invoice-mail'");
        expect(rows).toEqual([{ state: "completed" }]);
      },
      { timeout: 20_000, interval: 100 },
    );
  });

  it("queues at start the mail of an invoice that was paid but never queued", { timeout: 90_000 }, async () => {
    const u = await registerUser(app, { name: "Kattappa", email: "kattappa@example.com" });
    const post = (url: string, payload: object) => app.inject({ method: "POST", url, headers: u.auth, payload });
    const order = (await post("/api/payment/create-order", {})).json();
    const paid = (await post("/api/payment/test-checkout/pay", { order_id: order.id })).json();
    const { invoiceId } = (await post("/api/payment/verify-payment", paid)).json() as { invoiceId: string };
    await vi.waitFor(() => expect(mailsTo("kattappa@example.com")).toHaveLength(1), { timeout: 40_000, interval: 100 });

    // As if the process had died between the payment's commit and queueing its mail.
    await app.close();
    await database.executeSql("delete from mail_deliveries where key = $1", [`invoice:${invoiceId}`]);
    await database.executeSql("delete from pgboss.job where name = 'invoice-mail' and data->>'invoiceId' = $1", [
      invoiceId,
    ]);
    app = await start();
    await vi.waitFor(() => expect(mailsTo("kattappa@example.com")).toHaveLength(2), { timeout: 40_000, interval: 100 });
    // Restarting again sends nothing more: the delivery is recorded.
    await app.close();
    app = await start();
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo("kattappa@example.com")).toHaveLength(2);
  });
});
