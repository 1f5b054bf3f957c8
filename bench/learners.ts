/**
 * Capacity in learners: a learner model with think time against real server processes on PostgreSQL
 * and Redis, one instance or two behind a local round-robin proxy. Each simulated learner:
 *   opens the dashboard (enrolments + progress), opens the next lesson of a free course, reads it
 *   60-300 s (uniform) while running Java about once a minute (exponential gaps, mean 60 s), answers
 *   its quiz (a first careless try fails; the second, after re-reading, gives the lesson's key and
 *   passes: a failed attempt shows no key, so the key is read from the catalogue), saves progress, and after every third
 *   lesson submits a Java trial; then the next lesson.
 * Time is compressed by SCALE (default 30): think times are divided by it, so one simulated learner
 * sends what SCALE real learners send (from SCALE addresses in turn, so each address's run budget is
 * one real learner's), and the figure reported is simulated x SCALE.
 * Stages of rising size run one after another; a stage holds when every non-code request has
 * p99 <= 300 ms and Java runs p95 <= 3 s, with at most 1% of code runs refused (429). Prints the largest stage that holds, learners per core
 * (the cores this machine has), and per-kind figures. Never passes or fails.
 *
 * Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_REDIS_URL=redis://127.0.0.1:6379 \
 *      INSTANCES=1 STAGES=10,20,40 STAGE_SECONDS=45 SCALE=30 npm run bench:learners -w @koc/bench
 * Where the time goes: each stage prints PostgreSQL's top statements when pg_stat_statements is
 * preloaded, and CPU_PROF=<folder> takes a V8 CPU profile of each server and prints its self time.
 */
import { mkdirSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { readCatalogue } from "../apps/server/src/db/seed.js";
import { call, createEmptyPostgresDatabase, type ServerProcess, startServer } from "../apps/server/test/process.js";
import { openStatementProfile, printCpuProfile } from "./profile.js";
import { startProxy } from "./proxy.js";

const SCALE = Number(process.env.SCALE ?? 30);
const STAGES = (process.env.STAGES ?? "10,20,40").split(",").map(Number);
const STAGE_SECONDS = Number(process.env.STAGE_SECONDS ?? 45);
const INSTANCES = Number(process.env.INSTANCES ?? 1);
const adminUrl = process.env.BENCH_DATABASE_URL;
const redisUrl = process.env.BENCH_REDIS_URL;
const cpuProfDir = process.env.CPU_PROF ? resolve(process.env.CPU_PROF) : undefined;
if (!adminUrl || !redisUrl) {
  // Part of `npm run bench`: without both servers there is nothing to measure, which is said plainly.
  console.log("learners: skipped (set BENCH_DATABASE_URL for PostgreSQL and BENCH_REDIS_URL for Redis)");
  process.exit(0);
}
/** Each lesson's quiz key, as a learner who re-read the lesson would answer. */
const keyOf = new Map(
  readCatalogue().courses.flatMap((c) => c.lessons.map((l) => [l.id, l.quiz.map((q) => q.correct)] as const)),
);
const HELLO = 'public class Main { public static void main(String[] a) { System.out.println("Hail!"); } }';

type Kind = "dashboard" | "lesson" | "quiz" | "progress" | "java" | "trial";
const CODE_KINDS: Kind[] = ["java", "trial"];
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const uniform = (a: number, b: number) => a + Math.random() * (b - a);
const exponential = (mean: number) => -Math.log(1 - Math.random()) * mean;

const pgDb = await createEmptyPostgresDatabase(adminUrl);
const servers: ServerProcess[] = [];
let statementProfile: Awaited<ReturnType<typeof openStatementProfile>> | undefined;
let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
try {
  const env = {
    DATABASE_URL: pgDb.url,
    REDIS_URL: redisUrl,
    TRUST_PROXY: "127.0.0.1",
    CODE_RUNNER: process.env.CODE_RUNNER ?? "auto",
    LOG_LEVEL: "error",
    NODE_ENV: "production",
    JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-signing",
    PUBLIC_ORIGIN: "http://127.0.0.1",
  };
  if (cpuProfDir) mkdirSync(cpuProfDir, { recursive: true });
  const nodeArgs = cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : [];
  for (let i = 0; i < INSTANCES; i++) servers.push(await startServer(env, nodeArgs));
  await Promise.all(servers.map((s) => s.ready()));
  proxy = INSTANCES > 1 ? await startProxy(servers.map((s) => s.base)) : undefined;
  const base = proxy?.base ?? (servers[0] as ServerProcess).base;

  const courses = (await call(base, "GET", "/api/courses")).json as unknown as { _id: string; access: string }[];
  const free = courses.filter((c) => c.access === "free").map((c) => c._id);
  const lessonsOf = new Map<string, { _id: string; questions: number }[]>();
  const trialsOf = new Map<string, { _id: string; language: string }[]>();
  for (const id of free) {
    lessonsOf.set(id, (await call(base, "GET", `/api/materials/course/${id}`)).json as never);
    const trials = (await call(base, "GET", `/api/exercises?courseId=${id}`)).json as unknown;
    trialsOf.set(
      id,
      Array.isArray(trials) ? (trials as { _id: string; language: string }[]).filter((t) => t.language === "java") : [],
    );
  }
  // Java warms up in the background: wait until a run answers.
  let java = false;
  for (let i = 0; i < 240 && !java; i++) {
    const probe = await call(base, "POST", "/api/run", { ip: "10.254.0.1", body: { language: "java", code: HELLO } });
    java = probe.status === 200;
    if (probe.status === 503) break;
    if (!java) await sleep(500);
  }

  console.log(
    `learners: ${INSTANCES} instance(s)${INSTANCES > 1 ? " behind a local round-robin proxy" : ""} on PostgreSQL + Redis, ${cpus().length} cores (shared), Java ${java ? "on" : "off"}, time compressed x${SCALE}`,
  );
  console.log(
    "model: dashboard, lesson, read 60-300 s with a Java run every ~60 s, quiz (2 tries), save progress, a trial every 3rd lesson",
  );

  const statements = await openStatementProfile(pgDb.url);
  if (typeof statements === "string") console.log(`statements: ${statements}`);
  else statementProfile = statements;

  let learnerSeq = 0;
  const results: { simulated: number; holds: boolean; line: string }[] = [];
  for (const simulated of STAGES) {
    const latencies: Record<Kind, number[]> = {
      dashboard: [],
      lesson: [],
      quiz: [],
      progress: [],
      java: [],
      trial: [],
    };
    const statuses: Record<string, number> = {};
    let fiveHundreds = 0;
    const timed = async (kind: Kind, fn: () => Promise<{ status: number }>) => {
      const t = performance.now();
      const res = await fn().catch(() => ({ status: 599 }));
      latencies[kind].push(performance.now() - t);
      statuses[`${kind} ${res.status}`] = (statuses[`${kind} ${res.status}`] ?? 0) + 1;
      if (res.status >= 500) fiveHundreds += 1;
      return res;
    };
    const deadline = performance.now() + STAGE_SECONDS * 1000;
    const learner = async () => {
      const n = learnerSeq++;
      // One simulated learner sends what SCALE real learners send, and each real learner has an
      // address of their own (and its own budget of runs): the requests go round SCALE addresses.
      const firstAddress = n * SCALE;
      let sent = 0;
      const address = () => {
        const a = firstAddress + (sent++ % SCALE);
        return `10.${80 + (a >> 16)}.${(a >> 8) & 255}.${(a & 255) + 1}`;
      };
      const ip = address();
      const course = free[n % free.length] as string;
      const reg = await call(base, "POST", "/api/auth/register", {
        ip,
        body: { name: `Learner ${n}`, email: `learner-${n}@example.com`, password: "learner-password" },
      });
      if (reg.status !== 201) return;
      const token = String(reg.json.token);
      await call(base, "PUT", `/api/enrollments/${course}`, { ip: address(), token });
      const passed: string[] = [];
      // Start at a random point of the reading so the learners do not move in step.
      await sleep(uniform(0, 60_000 / SCALE));
      for (let lessonNo = 0; performance.now() < deadline; lessonNo++) {
        await timed("dashboard", () => call(base, "GET", "/api/enrollments", { ip: address(), token }));
        await timed("dashboard", () => call(base, "GET", "/api/progress", { ip: address(), token }));
        const lessons = lessonsOf.get(course) ?? [];
        const lesson = lessons[lessonNo % lessons.length];
        if (!lesson) return;
        await timed("lesson", () => call(base, "GET", `/api/materials/${lesson._id}`, { ip: address(), token }));
        // Reading, with a Java run about once a minute.
        const readUntil = performance.now() + uniform(60_000, 300_000) / SCALE;
        for (;;) {
          const gap = exponential(60_000 / SCALE);
          if (performance.now() + gap > readUntil || performance.now() + gap > deadline) break;
          await sleep(gap);
          if (java)
            await timed("java", () =>
              call(base, "POST", "/api/run", { ip: address(), token, body: { language: "java", code: HELLO } }),
            );
        }
        await sleep(Math.max(0, Math.min(readUntil, deadline) - performance.now()));
        if (performance.now() >= deadline) break;
        const key = keyOf.get(lesson._id);
        if (key && key.length > 0) {
          await timed("quiz", () =>
            call(base, "POST", "/api/quiz/attempts", {
              ip: address(),
              token,
              body: { materialId: lesson._id, answers: key.map((k) => (k + 1) % 4) },
            }),
          );
          const second = await timed("quiz", () =>
            call(base, "POST", "/api/quiz/attempts", {
              ip: address(),
              token,
              body: { materialId: lesson._id, answers: key },
            }),
          );
          if ((second as { json?: { passed?: boolean } }).json?.passed && !passed.includes(lesson._id))
            passed.push(lesson._id);
        }
        await timed("progress", () =>
          call(base, "PUT", `/api/progress/${course}`, {
            ip: address(),
            token,
            body: { completed: passed, knowledgeUnlocked: passed, topicProgress: {}, xp: 0, streak: 0 },
          }),
        );
        const trial = (trialsOf.get(course) ?? [])[lessonNo % Math.max(1, trialsOf.get(course)?.length ?? 1)];
        if (java && trial && lessonNo % 3 === 2)
          await timed("trial", () =>
            call(base, "POST", `/api/exercises/${trial._id}/submissions`, {
              ip: address(),
              token,
              body: { language: "java", code: HELLO },
            }),
          );
      }
    };
    if (typeof statementProfile === "object") await statementProfile.reset();
    const load0 = loadavg()[0] ?? 0;
    await Promise.all(Array.from({ length: simulated }, learner));
    const nonCode = (Object.keys(latencies) as Kind[])
      .filter((k) => !CODE_KINDS.includes(k))
      .flatMap((k) => latencies[k])
      .sort((a, b) => a - b);
    const javaSorted = latencies.java.sort((a, b) => a - b);
    const p99 = percentile(nonCode, 99);
    const p95java = javaSorted.length ? percentile(javaSorted, 95) : 0;
    // A run refused (429: the runner's waiting places are full) is not a run served fast.
    const codeAsked = CODE_KINDS.reduce((sum, k) => sum + latencies[k].length, 0);
    const refused = CODE_KINDS.reduce((sum, k) => sum + (statuses[`${k} 429`] ?? 0), 0);
    const holds = fiveHundreds === 0 && p99 <= 300 && p95java <= 3000 && refused <= 0.01 * codeAsked;
    const equivalent = simulated * SCALE;
    const perKind = (Object.keys(latencies) as Kind[])
      .filter((k) => latencies[k].length > 0)
      .map((k) => {
        const s = latencies[k].sort((a, b) => a - b);
        return `${k} n=${s.length} p50 ${percentile(s, 50).toFixed(0)} p95 ${percentile(s, 95).toFixed(0)} p99 ${percentile(s, 99).toFixed(0)} ms`;
      })
      .join("; ");
    const line = `stage ${simulated} simulated = ${equivalent} learners: non-code p99 ${p99.toFixed(0)} ms, Java p95 ${p95java.toFixed(0)} ms, code runs refused ${refused}/${codeAsked}, 5xx ${fiveHundreds} -> ${holds ? "holds" : "does not hold"} (load average ${load0.toFixed(1)} -> ${(loadavg()[0] ?? 0).toFixed(1)})\n  ${perKind}\n  statuses ${Object.entries(
      statuses,
    )
      .map(([s, n]) => `${s}:${n}`)
      .join(" ")}`;
    console.log(line);
    // What PostgreSQL spent the stage on; a progress save writes topic_completions and its changes.
    if (typeof statementProfile === "object")
      await statementProfile.print(`stage ${simulated}`, /topic_completion|quiz_attempts|exercise_passes/);
    results.push({ simulated, holds, line });
    if (!holds) break;
  }
  const best = results.filter((r) => r.holds).at(-1);
  const learners = (best?.simulated ?? 0) * SCALE;
  console.log(
    best
      ? `holds ${learners} concurrent learners on ${INSTANCES} instance(s): ${(learners / INSTANCES).toFixed(0)} per instance, ${(learners / cpus().length).toFixed(0)} per core of this machine`
      : "no stage held: lower STAGES or SCALE",
  );
} finally {
  if (typeof statementProfile === "object") await statementProfile.close();
  await proxy?.close();
  for (const s of servers) s.child.kill("SIGTERM");
  await Promise.all(servers.map((s) => s.exited));
  if (cpuProfDir)
    for (const s of servers)
      if (s.child.pid && !printCpuProfile(cpuProfDir, s.child.pid))
        console.log(`  no CPU profile of server ${s.child.pid} in ${cpuProfDir}`);
  await pgDb.drop();
}
