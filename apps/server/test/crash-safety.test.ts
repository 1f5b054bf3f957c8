/**
 * Crash safety: the real server process is killed with SIGKILL in the middle of a burst of writes
 * (registrations, enrolments, quiz passes that make progress). Restarted on the same data, every
 * write that was answered 2xx is there and the database opens cleanly. On PGlite (DATA_DIR) and on
 * PostgreSQL, each starting from the run's seeded database, as a server that has started before
 * (prepared.ts). On PGlite it also checks that DATA_DIR is private (0700 folders, 0600 files),
 * loosened modes included: PGlite writes the prepared database's files 0666 and folders 0755.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { realCatalogue } from "./harness.js";
import { createSeededPostgresDatabase, seededDataDir } from "./prepared.js";
import { call, type ServerProcess, startServer } from "./process.js";

const COURSE = "java-programming";
/** The first three Java topics and the answers that pass their quizzes (progress is earned, not claimed). */
const PASSES = (realCatalogue().courses.find((c) => c.id === COURSE)?.lessons ?? []).slice(0, 3).map((l) => ({
  materialId: l.id,
  answers: l.quiz.map((q) => q.correct),
}));

interface Acked {
  email: string;
  token: string;
  ip: string;
  enrolled: boolean;
  /** How many of PASSES the server acknowledged. */
  passed: number;
}

/** Workers write until the server dies; returns every write the server acknowledged. */
async function burst(server: ServerProcess, workers: number, killAfterAcks: number) {
  const acked: Acked[] = [];
  let acks = 0;
  let killed = false;
  const ack = () => {
    acks += 1;
    if (!killed && acks >= killAfterAcks) {
      killed = true;
      server.child.kill("SIGKILL");
    }
  };
  let n = 0;
  const worker = async (w: number) => {
    try {
      for (;;) {
        n += 1;
        const ip = `10.${100 + w}.${(n >> 8) & 255}.${n & 255}`;
        const email = `crash-${w}-${n}@example.com`;
        const reg = await call(server.base, "POST", "/api/auth/register", {
          ip,
          body: { name: `Crash ${w}`, email, password: "crash-password" },
        });
        if (reg.status !== 201) throw new Error(`register ${reg.status}`);
        const me: Acked = { email, token: String(reg.json.token), ip, enrolled: false, passed: 0 };
        acked.push(me);
        ack();
        const enrol = await call(server.base, "PUT", `/api/enrollments/${COURSE}`, { token: me.token, ip });
        if (enrol.status !== 201 && enrol.status !== 200) throw new Error(`enrol ${enrol.status}`);
        me.enrolled = true;
        ack();
        for (const pass of PASSES) {
          const attempt = await call(server.base, "POST", "/api/quiz/attempts", { token: me.token, ip, body: pass });
          if (attempt.status !== 200 || attempt.json.passed !== true) throw new Error(`quiz ${attempt.status}`);
          me.passed += 1;
          ack();
        }
      }
    } catch (err) {
      // Only the kill may stop a worker: a refusal while the server is alive is a failure.
      if (!killed) throw err;
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return acked;
}

async function verifyAll(server: ServerProcess, acked: Acked[]) {
  for (const a of acked) {
    const me = await call(server.base, "GET", "/api/auth/me", { token: a.token, ip: a.ip });
    expect(me.status, a.email).toBe(200);
    expect(me.json.email).toBe(a.email);
    if (a.enrolled) {
      const list = await call(server.base, "GET", "/api/enrollments", { token: a.token, ip: a.ip });
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.json), a.email).toContain(`"${COURSE}"`);
    }
    if (a.passed > 0) {
      const p = await call(server.base, "GET", `/api/progress/${COURSE}`, { token: a.token, ip: a.ip });
      expect(p.status).toBe(200);
      const unlocked = p.json.knowledgeUnlocked as string[];
      for (const pass of PASSES.slice(0, a.passed)) expect(unlocked, a.email).toContain(pass.materialId);
    }
  }
}

/** Every folder under dir 0700 and every file 0600. */
function loosePaths(dir: string): string[] {
  const bad: string[] = [];
  const walk = (p: string) => {
    const st = statSync(p);
    const want = st.isDirectory() ? 0o700 : 0o600;
    if ((st.mode & 0o777) !== want) bad.push(`${p} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const name of readdirSync(p)) walk(join(p, name));
  };
  walk(dir);
  return bad;
}

const adminUrl = process.env.TEST_DATABASE_URL;
const engines = adminUrl ? (["pglite", "postgres"] as const) : (["pglite"] as const);

describe.each(engines)("kill -9 during a burst of writes on %s", (engine) => {
  const dataDir = mkdtempSync(join(tmpdir(), "koc-crash-"));
  let pgDb: Awaited<ReturnType<typeof createSeededPostgresDatabase>> | undefined;
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill("SIGKILL");
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every acknowledged write and opens cleanly again", { timeout: 300_000 }, async () => {
    if (engine === "postgres" && adminUrl) pgDb = await createSeededPostgresDatabase(adminUrl);
    else await seededDataDir(dataDir);
    const env = { DATA_DIR: dataDir, TRUST_PROXY: "127.0.0.1", ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) };

    const first = await startServer(env);
    running.push(first);
    await first.ready();
    if (engine === "pglite") expect(loosePaths(dataDir)).toEqual([]);

    const acked = await burst(first, 8, 120);
    await first.exited;
    expect(first.child.signalCode).toBe("SIGKILL");
    expect(acked.length).toBeGreaterThan(5);

    if (engine === "pglite") {
      // Data left by an older version with the default umask is tightened at start.
      chmodSync(dataDir, 0o755);
      chmodSync(join(dataDir, "jwt-secret"), 0o644);
      chmodSync(join(dataDir, "pglite"), 0o755);
    }

    const second = await startServer(env);
    running.push(second);
    await second.ready();
    await verifyAll(second, acked);
    if (engine === "pglite") expect(loosePaths(dataDir)).toEqual([]);
    // The database takes new writes after the crash too.
    const fresh = await call(second.base, "POST", "/api/auth/register", {
      ip: "10.99.0.1",
      body: { name: "After", email: "after-crash@example.com", password: "crash-password" },
    });
    expect(fresh.status).toBe(201);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  });
});
