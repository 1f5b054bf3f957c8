/**
 * Flood attacks against the real server (src/main.ts, embedded database, the local Java
 * sandbox when this machine has one). Prints figures; never passes or fails on time.
 * 1. 60,000 forgot-password requests with random emails from one address, while /api/health is
 *    asked every 20 ms: the health p99 during the flood (goal: under 50 ms) and the answers by status.
 *    The health sampler runs in its own thread: the flooder's busy event loop would otherwise be
 *    counted as the server's delay.
 * 2. 18 anonymous programs that only sleep, from 18 addresses (X-Forwarded-For through TRUST_PROXY=1),
 *    then a signed-in learner's hello world: how long the learner waited, and the answer.
 * Run: npm run bench:floods -w @koc/bench
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { startServer } from "../apps/server/test/process.js";

const FLOOD = Number(process.env.FLOOD_REQUESTS ?? 60_000);
const CONCURRENCY = 32;

/** The real server in production, on its own embedded database, behind TRUST_PROXY=1 (the flood's addresses). */
async function startFloodServer() {
  const dataDir = mkdtempSync(join(tmpdir(), "koc-floods-"));
  const server = await startServer({
    NODE_ENV: "production",
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
    PUBLIC_ORIGIN: "http://127.0.0.1",
    TRUST_PROXY: "1",
    DATA_DIR: dataDir,
    CODE_RUNNER: process.env.CODE_RUNNER ?? "auto",
  });
  await server.ready(600);
  return { base: server.base, stop: () => stop(server.child, dataDir) };
}

/** The Java engine, once the runner has finished setting up (JDK probe, warm compilers). */
const engineOf = (base: string) =>
  fetch(`${base}/api/run/status`).then(async (r) => ((await r.json()) as { engine: string }).engine);

async function stop(child: ChildProcess, dataDir: string) {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function flood(base: string) {
  const byStatus: Record<number, number> = {};
  let next = 0;
  // The sampler's own event loop, so its timings hold only the server's answer time.
  const sampler = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
    const times = []; let done = false;
    parentPort.on("message", () => { done = true; });
    (async () => {
      while (!done) {
        const t0 = performance.now();
        await fetch(workerData.url).then((r) => r.arrayBuffer());
        times.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
      parentPort.postMessage(times);
    })();`,
    { eval: true, workerData: { url: `${base}/api/health` } },
  );
  const health = new Promise<number[]>((resolve) => sampler.once("message", resolve));
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < FLOOD) {
        const n = ++next;
        const res = await fetch(`${base}/api/auth/forgot-password`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
          body: JSON.stringify({ email: `${randomBytes(6).toString("hex")}@flood.example` }),
        });
        await res.arrayBuffer();
        byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
        if (n % 10_000 === 0) console.log(`  ${n} sent`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  sampler.postMessage("stop");
  const healthTimes = (await health).sort((a, b) => a - b);
  await sampler.terminate();
  console.log(
    `flood: ${FLOOD} forgot-password requests in ${seconds.toFixed(1)} s (${(FLOOD / seconds).toFixed(0)} req/s)`,
  );
  console.log(
    "  answers by status:",
    Object.entries(byStatus)
      .map(([s, n]) => `${s}:${n}`)
      .join(" "),
  );
  console.log(
    `  /api/health during the flood (${healthTimes.length} samples): p50 ${percentile(healthTimes, 0.5).toFixed(1)} ms, p99 ${percentile(healthTimes, 0.99).toFixed(1)} ms, max ${(healthTimes.at(-1) ?? 0).toFixed(1)} ms (goal: p99 under 50 ms)`,
  );
}

const SLEEPER = "public class Main { public static void main(String[] a) throws Exception { Thread.sleep(600000); } }";
const HELLO = 'public class Main { public static void main(String[] a) { System.out.println("Hail, kingdom!"); } }';

async function runnerAttack(base: string) {
  const reg = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.1" },
    body: JSON.stringify({ name: "Bench Learner", email: "bench-learner@example.com", password: "bench-password" }),
  });
  const { token } = (await reg.json()) as { token: string };
  const run = (code: string, address: string, auth?: string) =>
    fetch(`${base}/api/run`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": address,
        ...(auth ? { authorization: `Bearer ${auth}` } : {}),
      },
      body: JSON.stringify({ language: "java", version: "java17", code }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { stdout?: string; message?: string } }));
  const sleepers = Array.from({ length: 18 }, (_, i) => run(SLEEPER, `192.0.2.${i + 1}`));
  // Let the sleepers reach the runner before the learner asks.
  await new Promise((r) => setTimeout(r, 1500));
  const t0 = performance.now();
  const mine = await run(HELLO, "198.51.100.2", token);
  const waited = performance.now() - t0;
  const answers = await Promise.all(sleepers);
  const refused = answers.filter((a) => a.status === 429).length;
  console.log(
    `runner: 18 anonymous sleepers (${18 - refused} taken, ${refused} refused 429), then a signed-in hello world:`,
  );
  console.log(
    `  the learner waited ${(waited / 1000).toFixed(1)} s and got ${mine.status} ${JSON.stringify(mine.body.stdout ?? mine.body.message)}`,
  );
}

const server = await startFloodServer();
try {
  await flood(server.base);
  const engine = await engineOf(server.base);
  if (engine === "local") await runnerAttack(server.base);
  else console.log(`runner: skipped (Java engine here: ${engine})`);
} finally {
  await server.stop();
}
