/**
 * The real entry point (src/main.ts) as a process: it starts on a temporary DATA_DIR, answers, and
 * on SIGTERM finishes, closes the database and exits 0; the same data directory opens again, and
 * the SQL engine's prepared database kept there on the first start is loaded, not made again.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sqlTemplateName } from "../src/adapters/sql-runner/pool.js";
import { type ServerProcess, startServer } from "./process.js";

const SQL_LESSON = "sql-databases--relational-databases-and-your-first-select";

/** The server on `dataDir`, its info log kept (the shutdown's lines), its SQL template its own. */
async function start(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "info", ...env }, [], { keptSqlTemplate: false });
  await server.ready();
  return server;
}

describe("the server process", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "koc-main-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Each round starts the real process (tsx, initdb, migrations, seed): slow on a busy 2-core machine.
  it("shuts down gracefully on SIGTERM and reopens the same data", { timeout: 240_000 }, async () => {
    const template = join(dataDir, sqlTemplateName());
    let templateInode = 0;
    for (let round = 0; round < 2; round++) {
      const server = await start(dataDir);
      const base = server.base;
      // A lesson's SQL example runs once the SQL engine has its prepared database.
      const example = await fetch(`${base}/api/sql/examples`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ course: "sql-databases", lesson: SQL_LESSON, code: "SELECT 6 * 7 AS answer" }),
      });
      expect(await example.json()).toMatchObject({ status: "ok", rows: [["42"]] });
      if (round === 0) {
        // The first start kept that database in DATA_DIR, owner-only ...
        expect(statSync(template).mode & 0o777).toBe(0o600);
        templateInode = statSync(template).ino;
      } else {
        // ... and the restart loaded it instead of making (and writing) a new one.
        expect(statSync(template).ino).toBe(templateInode);
      }
      expect(readdirSync(dataDir).filter((f) => f.includes("sql-template"))).toEqual([sqlTemplateName()]);
      const inFlight = fetch(`${base}/api/materials/course/java-programming`);
      server.child.kill("SIGTERM");
      // Depending on timing the request is either finished (200) or, arriving after closing began,
      // politely refused (503); it never sees a 500 or a dropped connection mid-answer.
      const res = await inFlight.catch(() => null);
      if (res) {
        expect([200, 503]).toContain(res.status);
        await res.arrayBuffer();
      }
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain("shutting down: finishing in-flight requests");
    }
  });

  it("lets a Java run in flight finish on SIGTERM, refuses new runs, and exits 0 before its 25 s deadline", {
    timeout: 240_000,
  }, async () => {
    const server = await start(dataDir, { CODE_RUNNER: "local", TRUST_PROXY: "1" });
    const base = server.base;
    const status = (await (await fetch(`${base}/api/run/status`)).json()) as { engine: string };
    expect(status.engine).toBe("local");
    const code =
      'public class Main { public static void main(String[] a) throws Exception { Thread.sleep(2500); System.out.println("done after the deploy"); } }';
    const running = fetch(`${base}/api/run`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ language: "java", code }),
    });
    // Wait until the program is running (compiled and started), then the deploy's SIGTERM.
    await new Promise((r) => setTimeout(r, 1500));
    server.child.kill("SIGTERM");
    for (let i = 0; i < 200 && !server.output().includes("shutting down"); i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    const late = await fetch(`${base}/api/run`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.7" },
      body: JSON.stringify({ language: "java", code: "public class Main { public static void main(String[] a) { } }" }),
    }).catch(() => null);
    // A run asked for after the signal is refused (503 while closing) or finds the port closed.
    if (late) expect(late.status).toBe(503);
    const res = await running;
    expect(res.status).toBe(200);
    const body = (await res.json()) as { stdout: string; timedOut: boolean };
    expect(body.stdout).toBe("done after the deploy\n");
    expect(body.timedOut).toBe(false);
    const exitCode = await server.exited;
    if (exitCode !== 0) console.log(server.output().slice(-3000));
    expect(exitCode).toBe(0);
    // Exit code 0, not the 25 s deadline's 1: the shutdown finished with nothing left running.
  });
});
