/**
 * Mixed load against the real server process (src/main.ts): 50 connections for 60 s, each a learner
 * from its own address who browses the catalogue, reads lessons, signs in, saves progress and runs
 * Java. Prints throughput, p50/p99 per kind and overall, the answers by status, errors, the 5xx
 * count (must be 0) and lost writes (progress is earned: a learner passes the next lesson's quiz, then
 * saves its completions; every completion a 200 acknowledged is read back; must be 0).
 * Never passes or fails on time; exits 1 on a 5xx or a lost write.
 * Run: npm run bench:load -w @koc/bench
 *   BENCH_LOAD_SECONDS=60 BENCH_LOAD_CONNECTIONS=50 BENCH_DATABASE_URL=postgres://... CODE_RUNNER=auto
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { call, createEmptyPostgresDatabase, startServer } from "../apps/server/test/process.js";

/** Every lesson's answer key, from the built catalogue the server seeds from (npm start builds it). */
const answerKeys = new Map<string, number[]>(
  (
    JSON.parse(readFileSync(new URL("../content/dist/catalogue.json", import.meta.url), "utf8")) as {
      courses: { lessons: { id: string; quiz: { correct: number }[] }[] }[];
    }
  ).courses.flatMap((c) => c.lessons.map((l) => [l.id, l.quiz.map((q) => q.correct)] as const)),
);

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50);
const HELLO = 'public class Main { public static void main(String[] a) { System.out.println("Hail!"); } }';

type Kind = "browse" | "lesson" | "signin" | "progress" | "java";
const WEIGHTS: [Kind, number][] = [
  ["browse", 30],
  ["lesson", 30],
  ["signin", 8],
  ["progress", 24],
  ["java", 8],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const dataDir = mkdtempSync(join(tmpdir(), "koc-load-"));
const pgDb = process.env.BENCH_DATABASE_URL
  ? await createEmptyPostgresDatabase(process.env.BENCH_DATABASE_URL)
  : undefined;
const server = await startServer({
  DATA_DIR: dataDir,
  TRUST_PROXY: "127.0.0.1",
  CODE_RUNNER: process.env.CODE_RUNNER ?? "auto",
  LOG_LEVEL: "error",
  ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
});
try {
  await server.ready();
  const base = server.base;
  const courses = (await call(base, "GET", "/api/courses")).json as unknown as { _id: string; access: string }[];
  const courseIds = courses.map((c) => c._id);
  // Progress is earned (a passed quiz, then the completion): learners save progress in free courses,
  // whose lessons are all open to them.
  const freeCourses = courses.filter((c) => c.access === "free").map((c) => c._id);
  const lessonsOf = new Map<string, { _id: string; questions: number }[]>();
  for (const id of freeCourses) {
    lessonsOf.set(
      id,
      (await call(base, "GET", `/api/materials/course/${id}`)).json as unknown as { _id: string; questions: number }[],
    );
  }
  const runStatus = (await call(base, "GET", "/api/run/status")).json as { available?: boolean; engine?: string };
  // Wait for the Java runner to finish warming up (it starts in the background).
  let javaReady = false;
  for (let i = 0; i < 120 && !javaReady; i++) {
    const probe = await call(base, "POST", "/api/run", { ip: "10.254.0.1", body: { language: "java", code: HELLO } });
    javaReady = probe.status === 200;
    if (probe.status === 503) break;
    if (!javaReady) await new Promise((r) => setTimeout(r, 500));
  }
  const weights = WEIGHTS.filter(([k]) => k !== "java" || javaReady);

  // One learner per connection, each from its own address.
  const learners = await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, i) => {
      const ip = `10.60.${i >> 8}.${(i & 255) + 1}`;
      const email = `load-${i}@example.com`;
      const reg = await call(base, "POST", "/api/auth/register", {
        ip,
        body: { name: `Load ${i}`, email, password: "load-password" },
      });
      if (reg.status !== 201) throw new Error(`register ${reg.status}`);
      return {
        ip,
        email,
        token: String(reg.json.token),
        course: courseIds[i % courseIds.length] as string,
        progressCourse: freeCourses[i % freeCourses.length] as string,
        /** Lessons whose quiz this learner passed, and those a 200 PUT acknowledged as completed. */
        passed: [] as string[],
        acked: [] as string[],
      };
    }),
  );

  const latencies: Record<Kind, number[]> = { browse: [], lesson: [], signin: [], progress: [], java: [] };
  const byStatus: Record<string, number> = {};
  let errors = 0;
  let fiveHundreds = 0;
  const total = weights.reduce((s, [, w]) => s + w, 0);
  const pick = (): Kind => {
    let r = Math.random() * total;
    for (const [k, w] of weights) {
      r -= w;
      if (r < 0) return k;
    }
    return "browse";
  };

  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    learners.map(async (l) => {
      while (performance.now() < deadline) {
        const kind = pick();
        const t = performance.now();
        try {
          let res: { status: number; json: unknown };
          if (kind === "browse") {
            res = await call(base, "GET", Math.random() < 0.5 ? "/api/courses" : `/api/courses/${l.course}`, {
              ip: l.ip,
            });
          } else if (kind === "lesson") {
            res = await call(base, "GET", `/api/materials/course/${l.course}`, { ip: l.ip });
          } else if (kind === "signin") {
            res = await call(base, "POST", "/api/auth/login", {
              ip: l.ip,
              body: { email: l.email, password: "load-password" },
            });
            if (res.status === 200) l.token = String((res.json as Record<string, unknown>).token);
          } else if (kind === "progress") {
            // Earn the next lesson as a learner who knows it: one passing attempt with the catalogue's
            // key (a failed attempt never shows the key, and the server allows 5 tries per topic).
            const next = lessonsOf.get(l.progressCourse)?.[l.passed.length];
            const answers = next ? answerKeys.get(next._id) : undefined;
            if (next && answers) {
              const graded = await call(base, "POST", "/api/quiz/attempts", {
                ip: l.ip,
                token: l.token,
                body: { materialId: next._id, answers },
              });
              if (graded.status === 200 && (graded.json as { passed?: boolean }).passed) l.passed.push(next._id);
            }
            const completed = [...l.passed];
            res = await call(base, "PUT", `/api/progress/${l.progressCourse}`, {
              ip: l.ip,
              token: l.token,
              body: { completed, knowledgeUnlocked: completed, topicProgress: {}, xp: 0, streak: 0 },
            });
            if (res.status === 200) l.acked = completed;
          } else {
            res = await call(base, "POST", "/api/run", { ip: l.ip, body: { language: "java", code: HELLO } });
          }
          latencies[kind].push(performance.now() - t);
          byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
          if (res.status >= 500) fiveHundreds += 1;
          else if (res.status >= 400 && res.status !== 429) errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  // Lost writes: every completion a progress save acknowledged (200) must be there when read back.
  let lost = 0;
  let checked = 0;
  for (const l of learners) {
    if (l.acked.length === 0) continue;
    const p = await call(base, "GET", `/api/progress/${l.progressCourse}`, { ip: l.ip, token: l.token });
    const stored = new Set((p.json as { completed?: string[] } | null)?.completed ?? []);
    checked += l.acked.length;
    if (p.status !== 200 || l.acked.some((id) => !stored.has(id))) lost += 1;
  }

  const all = Object.values(latencies)
    .flat()
    .sort((a, b) => a - b);
  const count = all.length;
  console.log(
    `load: ${CONNECTIONS} connections for ${SECONDS} s on ${pgDb ? "PostgreSQL" : "PGlite"}; Java: ${
      javaReady ? `on (${runStatus.engine ?? "runner"})` : "off (no runner here: not in the mix)"
    }; load average ${loadavg()[0]?.toFixed(2)}`,
  );
  console.log(`requests: ${count} in ${seconds.toFixed(1)} s = ${(count / seconds).toFixed(0)} req/s`);
  console.log(`overall  p50 ${percentile(all, 50).toFixed(1)} ms  p99 ${percentile(all, 99).toFixed(1)} ms`);
  for (const [kind, times] of Object.entries(latencies)) {
    if (times.length === 0) continue;
    const s = times.sort((a, b) => a - b);
    console.log(
      `${kind.padEnd(9)}n=${String(s.length).padEnd(6)} p50 ${percentile(s, 50).toFixed(1)} ms  p99 ${percentile(s, 99).toFixed(1)} ms`,
    );
  }
  console.log(
    "answers by status:",
    Object.entries(byStatus)
      .map(([s, n]) => `${s}:${n}`)
      .join(" "),
    "(429 = rate limit or runner busy: back-pressure, not an error)",
  );
  console.log(
    `errors: ${errors}  5xx: ${fiveHundreds}  lost writes: ${lost} (${checked} acknowledged completions read back)`,
  );
  if (fiveHundreds > 0 || lost > 0) process.exitCode = 1;
} finally {
  server.child.kill("SIGTERM");
  await server.exited;
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
