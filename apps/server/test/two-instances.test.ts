/**
 * Two real server processes on one fresh PostgreSQL database and one Redis, started at the same
 * moment: both migrate and seed safely (advisory lock), both serve, and they share the login limit.
 */
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { call, createEmptyPostgresDatabase, type ServerProcess, startServer } from "./process.js";

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!adminUrl || !redisUrl)("two instances on one PostgreSQL and one Redis", () => {
  const running: ServerProcess[] = [];
  let pgDb: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill("SIGKILL");
    await Promise.all(running.map((s) => s.exited));
    await pgDb?.drop();
  });

  it("both come up when started together, and share the login rate limit", { timeout: 300_000 }, async () => {
    pgDb = await createEmptyPostgresDatabase(String(adminUrl));
    // A Redis database number of its own would be cleaner, but keys carry the email, unique per run.
    const env = { DATABASE_URL: pgDb.url, REDIS_URL: String(redisUrl), TRUST_PROXY: "127.0.0.1" };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    running.push(a, b);
    await Promise.all([a.ready(), b.ready()]);

    for (const s of [a, b]) {
      const courses = await call(s.base, "GET", "/api/courses");
      expect(courses.status).toBe(200);
      expect(courses.json.length).toBeGreaterThan(5);
    }

    const email = `shared-${randomBytes(4).toString("hex")}@example.com`;
    const ip = "10.123.0.1";
    const reg = await call(a.base, "POST", "/api/auth/register", {
      ip,
      body: { name: "Shared", email, password: "the-right-one" },
    });
    expect(reg.status).toBe(201);
    for (let i = 0; i < 5; i++) {
      const s = i % 2 === 0 ? a : b;
      const res = await call(s.base, "POST", "/api/auth/login", { ip, body: { email, password: `wrong-${i}` } });
      expect(res.status).toBe(401);
    }
    const blocked = await call(b.base, "POST", "/api/auth/login", { ip, body: { email, password: "the-right-one" } });
    expect(blocked.status).toBe(429);
    const blockedOnA = await call(a.base, "POST", "/api/auth/login", {
      ip,
      body: { email, password: "the-right-one" },
    });
    expect(blockedOnA.status).toBe(429);
    // A write on one instance is read on the other.
    const token = String(reg.json.token);
    expect((await call(b.base, "PUT", "/api/enrollments/java-programming", { token, ip })).status).toBe(201);
    const list = await call(a.base, "GET", "/api/enrollments", { token, ip });
    expect(JSON.stringify(list.json)).toContain("java-programming");

    for (const s of [a, b]) s.child.kill("SIGTERM");
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
  });
});
