/**
 * Background jobs survive kill -9. The real server process is killed while mail jobs are queued and
 * one is in flight (the SMTP server holds each message 0.6 s before accepting it); started again on
 * the same data, every job runs to the end and each mail arrives once in effect: copies of one job's
 * mail (sent again because the process died after the server accepted it but before it was
 * recorded) carry the same Message-ID, and no two jobs share one. On PGlite and PostgreSQL, each
 * starting from the run's seeded database, as a server that has started before (prepared.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createSeededPostgresDatabase, seededDataDir } from "./prepared.js";
import { call, type ServerProcess, startServer } from "./process.js";
import { messageIdOf, mimePart, startSink } from "./smtp-sink.js";

const adminUrl = process.env.TEST_DATABASE_URL;
const engines = adminUrl ? (["pglite", "postgres"] as const) : (["pglite"] as const);
const CONTACTS = 6;

describe.each(engines)("kill -9 with mail jobs queued and in flight on %s", (engine) => {
  const dataDir = mkdtempSync(join(tmpdir(), "koc-jobs-crash-"));
  let pgDb: Awaited<ReturnType<typeof createSeededPostgresDatabase>> | undefined;
  let sink: Awaited<ReturnType<typeof startSink>> | undefined;
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill("SIGKILL");
    await sink?.close();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs every job once in effect after a restart", { timeout: 900_000 }, async () => {
    if (engine === "postgres" && adminUrl) pgDb = await createSeededPostgresDatabase(adminUrl);
    else await seededDataDir(dataDir);
    sink = await startSink({ acceptDelayMs: 600 });
    const env = {
      DATA_DIR: dataDir,
      TRUST_PROXY: "127.0.0.1",
      SMTP_URL: sink.url,
      // A job of a killed process is retried after 10 s on PostgreSQL (PGlite retries it at start).
      // Far above a mail's 0.6 s: with 5 s against a 1.5 s hold, a mail sent by the restarted server
      // on a machine busy with the browser tests outlived it, was taken as lost and sent once more.
      JOB_TIMEOUT_SECONDS: "10",
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    };
    const first = await startServer(env);
    running.push(first);
    // Generous: a start on a saturated machine once took over 120 s (a first one, with initdb then).
    await first.ready(360);

    const reg = await call(first.base, "POST", "/api/auth/register", {
      ip: "10.70.0.1",
      body: { name: "Bahubali", email: "crash-reset@example.com", password: "crash-password" },
    });
    expect(reg.status).toBe(201);
    const reset = await call(first.base, "POST", "/api/auth/forgot-password", {
      ip: "10.70.0.2",
      body: { email: "crash-reset@example.com" },
    });
    expect(reset.status).toBe(200);
    for (let i = 0; i < CONTACTS; i++) {
      const res = await call(first.base, "POST", "/api/contact", {
        ip: `10.71.0.${i + 1}`,
        body: { name: `Sender ${i}`, email: `sender-${i}@example.com`, subject: `Crash ${i}`, message: `Message ${i}` },
      });
      expect(res.status).toBe(200);
    }
    // Kill once a message is held by the mail server (in flight) and others still wait.
    await vi.waitFor(() => expect(sink?.received()).toBeGreaterThan(sink?.delivered.length ?? 0), {
      timeout: 60_000,
      interval: 20,
    });
    first.child.kill("SIGKILL");
    await first.exited;
    // The sink still accepts what it held at the kill once its hold is over, as a real mail server
    // that got the whole message would.
    await vi.waitFor(() => expect(sink?.delivered.length).toBe(sink?.received()), { timeout: 10_000, interval: 20 });
    const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "";
    const beforeRestart = new Set(sink.delivered.map((d) => subjectOf(d.raw)));
    expect(beforeRestart.size).toBeLessThan(CONTACTS + 1);

    const second = await startServer(env);
    running.push(second);
    await second.ready(360);
    const subjects = () => new Set(sink?.delivered.map((d) => subjectOf(d.raw)));
    await vi.waitFor(() => expect(subjects().size).toBe(CONTACTS + 1), { timeout: 120_000, interval: 200 });

    const idsBySubject = new Map<string, Set<string>>();
    const copies = new Map<string, number>();
    for (const d of sink.delivered) {
      const subject = subjectOf(d.raw);
      copies.set(subject, (copies.get(subject) ?? 0) + 1);
      const id = messageIdOf(d.raw) ?? "";
      expect(id).not.toBe("");
      idsBySubject.set(subject, (idsBySubject.get(subject) ?? new Set()).add(id));
    }
    // One Message-ID per job, and a different one for each job.
    for (const ids of idsBySubject.values()) expect(ids.size).toBe(1);
    const allIds = new Set([...idsBySubject.values()].flatMap((ids) => [...ids]));
    expect(allIds.size).toBe(CONTACTS + 1);
    // A mail is sent again only if the killed server had sent it (its job was cut off before it was
    // recorded as done), and only once. Several may be: each kind of job has two workers, and here
    // two contact mails and the reset mail were once all cut off.
    const sentTwice = [...copies].filter(([, n]) => n > 1).map(([subject]) => subject);
    for (const subject of sentTwice) expect(beforeRestart, subject).toContain(subject);
    expect(Math.max(...copies.values())).toBeLessThanOrEqual(2);

    // The reset link that arrived works.
    const resetMail = sink.delivered.find((d) => d.to.includes("crash-reset@example.com"));
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(
      mimePart(resetMail?.raw ?? "", "text/plain") ?? "",
    )?.[1];
    const done = await call(second.base, "POST", "/api/auth/reset-password", {
      ip: "10.70.0.3",
      body: { token, password: "after-crash-pass" },
    });
    expect(done.status).toBe(200);

    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  });
});
