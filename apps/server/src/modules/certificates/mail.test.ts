/** An earned certificate is drawn and mailed by a durable job, once, with its PDF and verify address. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import { passAndComplete } from "../../../test/quiz.js";
import { type Delivered, decodeQuotedPrintable, startSink } from "../../../test/smtp-sink.js";
import { createSmtpMailer } from "../../adapters/mail/smtp.js";

describe.each(engines)("the certificate mail on %s", (engine) => {
  const delivered: Delivered[] = [];
  let sink: Awaited<ReturnType<typeof startSink>>;
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  beforeAll(async () => {
    sink = await startSink({ delivered });
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

  it("mails the learner their certificate once, however often it is asked for", { timeout: 90_000 }, async () => {
    const courses = (await t.app.inject({ method: "GET", url: "/api/courses" })).json() as {
      _id: string;
      access: string;
      lessonCount: number;
    }[];
    const course = courses
      .filter((c) => c.lessonCount > 0 && c.access === "free")
      .sort((a, b) => a.lessonCount - b.lessonCount)[0];
    if (!course) throw new Error("no free course with lessons");
    const lessons = (await t.app.inject({ method: "GET", url: `/api/materials/course/${course._id}` })).json() as {
      _id: string;
    }[];
    const u = await registerUser(t.app, { name: "Devasena", email: "devasena@example.com" });
    await passAndComplete(
      t.app,
      u.auth,
      course._id,
      lessons.map((l) => l._id),
    );
    const issue = () =>
      t.app.inject({ method: "POST", url: "/api/certificates", headers: u.auth, payload: { courseId: course._id } });
    const first = await issue();
    expect(first.statusCode).toBe(201);
    expect((await issue()).statusCode).toBe(200);
    const { code, courseTitle } = first.json() as { code: string; courseTitle: string };

    await vi.waitFor(() => expect(delivered).toHaveLength(1), { timeout: 40_000, interval: 100 });
    expect(delivered[0]?.to).toEqual(["devasena@example.com"]);
    const raw = Buffer.from(decodeQuotedPrintable(delivered[0]?.raw ?? ""), "latin1").toString("utf8");
    expect(raw).toContain(`Your certificate: ${courseTitle}`);
    expect(raw).toContain("Hail, Devasena!");
    expect(raw).toContain(`https://kingdom.example/verify/${encodeURIComponent(code)}`);
    expect(raw).toMatch(/Content-Type: application\/pdf/i);
    expect(raw).toMatch(/\n\s*JVBERi0/);
    // The job is recorded done (just after the mail was accepted), and no second job was made.
    await vi.waitFor(
      async () => {
        const { rows } = await t.database.executeSql("select state from pgboss.job where name = 'certificate-mail'");
        expect(rows).toEqual([{ state: "completed" }]);
      },
      { timeout: 20_000, interval: 100 },
    );
  });
});
