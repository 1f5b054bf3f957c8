/**
 * The full fuzz run: at least 10,000 requests generated from every route's zod schemas (see
 * apps/server/test/fuzz/requests.ts), against the whole app on a fresh embedded database (or a fresh
 * database on BENCH_DATABASE_URL's server). Prints the answers by status, every failure (a 5xx, or a
 * 4xx that is not a JSON { message }) and whether the server is healthy at the end; exits 1 on a failure.
 * Then floods (FUZZ_FLOODS=20000): forgot-password and login with random emails from one
 * address, and runs from many addresses; a 5xx there is a failure too.
 * Run: npm run bench:fuzz -w @koc/bench   (FUZZ_RUNS=10000, FUZZ_SEED=random by default)
 */
import { courses, materials } from "../apps/server/src/db/schema.js";
import { createAccountsTestApp, registerUser } from "../apps/server/test/accounts.js";
import {
  apiRoutes,
  createEchoRunner,
  generateRequests,
  runRequests,
  stillHealthy,
} from "../apps/server/test/fuzz/requests.js";

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const engine = process.env.BENCH_DATABASE_URL ? "postgres" : "pglite";

// A runner that answers at once: /api/run and trial submissions take their working path, so every 5xx counts.
const t = await createAccountsTestApp(engine, { codeRunner: createEchoRunner() });
const user = await registerUser(t.app, { email: "fuzz@example.com", password: "fuzz-password" });
const courseIds = (await t.database.db.select({ id: courses.id }).from(courses)).map((r) => r.id);
const materialIds = (await t.database.db.select({ id: materials.id }).from(materials)).map((r) => r.id);
const routes = apiRoutes(t.app);
console.log(`fuzz: ${RUNS} requests over ${routes.length} routes, seed ${SEED}, ${engine}`);

const started = performance.now();
const requests = generateRequests(t.app, { courseIds, materialIds, token: user.token }, { seed: SEED, count: RUNS });
const stats = await runRequests(t.app, requests);
const seconds = (performance.now() - started) / 1000;

// Floods on top: forgot-password and login with random emails from one address, and
// runs from many addresses at once. Any 5xx among them is a failure like the fuzz's own.
const FLOODS = Number(process.env.FUZZ_FLOODS ?? 20_000);
const floodStatus: Record<number, number> = {};
const random = () => `${Math.random().toString(36).slice(2)}@flood.example`;
const floodKinds = [
  () => ({
    method: "POST" as const,
    url: "/api/auth/forgot-password",
    payload: { email: random() },
    remoteAddress: "10.66.0.1",
  }),
  () => ({
    method: "POST" as const,
    url: "/api/auth/login",
    payload: { email: random(), password: "guess" },
    remoteAddress: "10.66.0.2",
  }),
  () => ({
    method: "POST" as const,
    url: "/api/run",
    payload: { language: "java", version: "java17", code: "class A {}" },
    remoteAddress: `10.67.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  }),
];
const floodStarted = performance.now();
for (let sent = 0; sent < FLOODS; sent += 200) {
  const batch = Array.from({ length: 200 }, (_, i) => (floodKinds[i % 3] as (typeof floodKinds)[number])());
  const answers = await Promise.all(batch.map((request) => t.app.inject(request)));
  answers.forEach((a, i) => {
    floodStatus[a.statusCode] = (floodStatus[a.statusCode] ?? 0) + 1;
    const request = batch[i] as (typeof batch)[number];
    if (a.statusCode >= 500) {
      stats.fiveHundreds += 1;
      stats.failures.push({
        route: `${request.method} ${request.url}`,
        request: { ...request, payload: JSON.stringify(request.payload) },
        status: a.statusCode,
        body: a.body.slice(0, 300),
        why: "5xx in a flood",
      });
    }
  });
}
console.log(
  `floods: ${FLOODS} requests in ${((performance.now() - floodStarted) / 1000).toFixed(1)} s, by status:`,
  Object.entries(floodStatus)
    .map(([s, n]) => `${s}:${n}`)
    .join(" "),
);
const health = await stillHealthy(t.app, { email: "fuzz@example.com", password: "fuzz-password" });
await t.close();

console.log(`sent ${stats.sent} in ${seconds.toFixed(1)} s (${(stats.sent / seconds).toFixed(0)} req/s)`);
console.log(`routes hit: ${stats.routes.size}/${routes.length}`);
console.log(
  "answers by status:",
  Object.entries(stats.byStatus)
    .map(([s, n]) => `${s}:${n}`)
    .join(" "),
);
console.log(`5xx: ${stats.fiveHundreds}; failures: ${stats.failures.length}`);
for (const f of stats.failures.slice(0, 20)) console.log(JSON.stringify(f));
console.log(`healthy at the end: ${health.length === 0 ? "yes" : health.join("; ")}`);
if (stats.failures.length > 0 || health.length > 0) process.exitCode = 1;
