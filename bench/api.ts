/**
 * API throughput against bare Fastify. For each engine (PGlite always; PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a server), starts the real server (src/main.ts, as
 * `npm start` runs it: production settings, default log level, output to /dev/null) and a bare
 * Fastify process that answers the same paths with the very same bytes; autocannon then loads each
 * endpoint with BENCH_CONNECTIONS (50) for BENCH_SECONDS (5) one-second slices, alternating real and
 * bare so both meet the same background load.
 * Prints req/s, p50 and p99 of both and the ratio, then the lesson list's size. Prints figures only;
 * never passes or fails on time.
 * Run: npm run bench:api -w @koc/bench
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { createEmptyPostgresDatabase, startServer } from "../apps/server/test/process.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const JAVA = "java-programming";
const here = dirname(fileURLToPath(import.meta.url));

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx and 304, and connection errors or timeouts. */
  bad: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** One autocannon run of `seconds` at CONNECTIONS; every answer's time goes into `times`. */
async function run(url: string, headers: Record<string, string>, seconds: number, times: number[]) {
  let bad = 0;
  // Without a callback autocannon returns its event emitter, made thenable (its types say Promise).
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on("response", (_client, status, _bytes, responseTime) => {
    times.push(responseTime);
    if (status >= 300 && status !== 304) bad += 1;
  });
  const result = await instance;
  return { requests: result.requests.total, seconds: result.duration, bad: bad + result.errors + result.timeouts };
}

/**
 * Real server and bare Fastify in alternating one-second slices (SECONDS of each), after a slice
 * of warm-up each, so both meet the same background load on a shared machine.
 */
export async function compare(
  real: { url: string; headers: Record<string, string> },
  bare: { url: string; headers: Record<string, string> },
): Promise<{ real: LoadFigures; bare: LoadFigures }> {
  await run(real.url, real.headers, 1, []);
  await run(bare.url, bare.headers, 1, []);
  const sides = [real, bare].map((target) => ({ target, times: [] as number[], requests: 0, seconds: 0, bad: 0 }));
  for (let round = 0; round < SECONDS; round++) {
    // Real first in even rounds, bare first in odd ones: neither always follows the other.
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const r = await run(side.target.url, side.target.headers, 1, side.times);
      side.requests += r.requests;
      side.seconds += r.seconds;
      side.bad += r.bad;
    }
  }
  const [r, b] = sides.map((side) => {
    side.times.sort((x, y) => x - y);
    return {
      rps: side.requests / side.seconds,
      p50: percentile(side.times, 50),
      p99: percentile(side.times, 99),
      bad: side.bad,
    };
  }) as [LoadFigures, LoadFigures];
  return { real: r, bare: b };
}

/** src/main.ts as `npm start` runs it in production, its log dropped unread (as a log shipper would take it). */
async function startRealServer(env: Record<string, string>) {
  const server = await startServer(
    {
      NODE_ENV: "production",
      JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
      PUBLIC_ORIGIN: "http://127.0.0.1",
      LOG_LEVEL: "info",
      ...env,
    },
    [],
    { quiet: true },
  );
  await server.ready();
  return { base: server.base, stop: () => stopChild(server.child) };
}

async function startBareServer(routes: { path: string; contentType: string; body: Buffer }[], dir: string) {
  const file = join(dir, "bare-routes.json");
  writeFileSync(
    file,
    JSON.stringify(
      routes.map((r) => ({ path: r.path, contentType: r.contentType, bodyBase64: r.body.toString("base64") })),
    ),
  );
  const child = spawn(process.execPath, ["--import", "tsx", join(here, "bare-server.ts"), file], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once("data", (d) => resolve(String(d).trim()));
    child.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

async function json(res: Response) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<unknown>;
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);

async function benchEngine(engine: "pglite" | "postgres", adminUrl?: string) {
  const dir = mkdtempSync(join(tmpdir(), "koc-bench-api-"));
  const pgDb = engine === "postgres" && adminUrl ? await createEmptyPostgresDatabase(adminUrl) : undefined;
  const real = await startRealServer({ DATA_DIR: dir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) });
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    // One learner for the signed-in rows.
    const email = `bench-${Date.now()}@example.com`;
    const reg = (await json(
      await fetch(`${real.base}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Bench Learner", email, password: "bench-password" }),
      }),
    )) as { token: string };
    const auth = { authorization: `Bearer ${reg.token}` };
    const lessons = (await json(await fetch(`${real.base}/api/materials/course/${JAVA}`))) as { _id: string }[];
    const firstLesson = lessons[0]?._id ?? "";

    const endpoints: { label: string; path: string; headers: Record<string, string> }[] = [
      { label: "GET /api/health", path: "/api/health", headers: {} },
      { label: "GET /api/courses", path: "/api/courses", headers: {} },
      { label: `GET /api/courses/${JAVA}`, path: `/api/courses/${JAVA}`, headers: {} },
      { label: `GET /api/materials/course/${JAVA}`, path: `/api/materials/course/${JAVA}`, headers: {} },
      { label: "  same, signed in", path: `/api/materials/course/${JAVA}`, headers: auth },
      { label: `GET /api/materials/{first ${JAVA} lesson}`, path: `/api/materials/${firstLesson}`, headers: {} },
      { label: "GET /api/auth/me (token)", path: "/api/auth/me", headers: auth },
      { label: "GET /api/progress (token)", path: "/api/progress", headers: auth },
    ];

    // The bare server answers each path with exactly the bytes the real one sends (identity).
    const bareRoutes = new Map<string, { path: string; contentType: string; body: Buffer }>();
    for (const e of endpoints) {
      const res = await fetch(real.base + e.path, { headers: { ...e.headers, "accept-encoding": "identity" } });
      if (!res.ok) throw new Error(`${e.path}: ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      bareRoutes.set(e.path, {
        path: e.path,
        contentType: res.headers.get("content-type") ?? "application/json",
        body,
      });
    }
    bare = await startBareServer([...bareRoutes.values()], dir);

    console.log(
      `\n${engine === "pglite" ? "PGlite (DATA_DIR)" : "PostgreSQL"}: ${CONNECTIONS} connections, ${SECONDS} s each in 1 s slices alternating the real server and bare Fastify with the same bytes (ms)`,
    );
    console.log(
      `${"endpoint".padEnd(48)}${"req/s".padStart(8)}${"p50".padStart(6)}${"p99".padStart(6)}  |${"bare req/s".padStart(11)}${"p50".padStart(6)}${"p99".padStart(6)}  | ratio`,
    );
    for (const e of endpoints) {
      const { real: r, bare: b } = await compare(
        { url: real.base + e.path, headers: e.headers },
        { url: bare.base + e.path, headers: {} },
      );
      const bad = r.bad > 0 ? `  (${r.bad} answers not 2xx/304 or failed)` : "";
      console.log(
        `${e.label.padEnd(48)}${fmt(r.rps).padStart(8)}${fmt(r.p50).padStart(6)}${fmt(r.p99).padStart(6)}  |${fmt(b.rps).padStart(11)}${fmt(b.p50).padStart(6)}${fmt(b.p99).padStart(6)}  | ${fmt((100 * r.rps) / b.rps)}%${bad}`,
      );
    }

    const list = bareRoutes.get(`/api/materials/course/${JAVA}`)?.body ?? Buffer.alloc(0);
    const gz = gzipSync(list).length;
    const br = brotliCompressSync(list, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    const sent = async (encoding: string) => {
      const res = await fetch(`${real.base}/api/materials/course/${JAVA}`, {
        headers: { "accept-encoding": encoding },
      });
      // fetch decodes the body: the bytes on the wire are the Content-Length (or chunked, unknown).
      const length = res.headers.get("content-length") ?? "chunked";
      await res.arrayBuffer();
      return `${res.headers.get("content-encoding") ?? "identity"} ${length} B`;
    };
    console.log(
      `lesson list /api/materials/course/${JAVA}: ${(list.length / 1024).toFixed(1)} KiB (${list.length} B) as JSON, ${gz} B gzip, ${br} B brotli; the server sends ${await sent("gzip")} for gzip, ${await sent("br, gzip")} for br`,
    );
  } finally {
    await bare?.stop();
    await real.stop();
    await pgDb?.drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The whole API bench (both engines); runs when this file is the entry point. */
export async function benchApi() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  console.log(
    `API against bare Fastify; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
  await benchEngine("pglite");
  if (adminUrl) await benchEngine("postgres", adminUrl);
  else console.log("\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchApi();
