/**
 * Two real server processes on one fresh PostgreSQL database and one Redis, started at the same
 * moment: both migrate and seed safely (advisory lock), both serve, they share the login limit, and
 * the payment and referral concurrency checks hold across the two processes.
 */
import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { call, createEmptyPostgresDatabase, type ServerProcess, startServer } from "./process.js";

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!adminUrl || !redisUrl)("two instances on one PostgreSQL and one Redis", () => {
  const running: ServerProcess[] = [];
  let pgDb: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
  // One DATA_DIR for both: the test checkout's signing secret (and the JWT secret) are kept there,
  // as two instances behind one load balancer would share them.
  const dataDir = mkdtempSync(join(tmpdir(), "koc-two-instances-"));
  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill("SIGKILL");
    await Promise.all(running.map((s) => s.exited));
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("both come up when started together, share the login rate limit, and grant payments and referrals once across both", {
    timeout: 300_000,
  }, async () => {
    pgDb = await createEmptyPostgresDatabase(String(adminUrl));
    // A Redis database number of its own would be cleaner, but keys carry the email, unique per run.
    const env = {
      DATABASE_URL: pgDb.url,
      REDIS_URL: String(redisUrl),
      TRUST_PROXY: "127.0.0.1",
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString("hex"),
    };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    running.push(a, b);
    await Promise.all([a.ready(), b.ready()]);

    for (const s of [a, b]) {
      const courses = await call(s.base, "GET", "/api/courses");
      expect(courses.status).toBe(200);
      expect(courses.json.length).toBeGreaterThan(5);
    }

    // Addresses of this run's own: Redis keeps per-address counters (registrations, logins) for
    // 15 minutes, so a fixed address would meet the previous run's counts on the same Redis.
    const net = `10.${randomInt(256)}.${randomInt(256)}`;
    const email = `shared-${randomBytes(4).toString("hex")}@example.com`;
    const ip = `${net}.1`;
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

    // The payment concurrency test across the two processes: 30 verifications of one payment,
    // alternating between them, all answer 200 with one invoice.
    const payer = (
      await call(a.base, "POST", "/api/auth/register", {
        ip: `${net}.2`,
        body: { name: "Payer", email: `payer-${randomBytes(4).toString("hex")}@example.com`, password: "long-enough" },
      })
    ).json;
    const payerToken = String(payer.token);
    const order = (
      await call(a.base, "POST", "/api/payment/create-order", { token: payerToken, ip: `${net}.2`, body: {} })
    ).json;
    const paid = await call(b.base, "POST", "/api/payment/test-checkout/pay", {
      token: payerToken,
      ip: `${net}.2`,
      body: { order_id: order.id },
    });
    expect(paid.status).toBe(200);
    const verifications = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(i % 2 ? b.base : a.base, "POST", "/api/payment/verify-payment", {
          token: payerToken,
          ip: `${net}.2`,
          body: paid.json,
        }),
      ),
    );
    expect(verifications.map((r) => r.status)).toEqual(Array(30).fill(200));
    expect(new Set(verifications.map((r) => r.json.invoiceId)).size).toBe(1);
    const history = await call(a.base, "GET", "/api/payment/history", { token: payerToken, ip: `${net}.2` });
    expect(history.json.invoices).toHaveLength(1);
    expect(history.json.payments).toHaveLength(1);

    // The referral concurrency test across the two: 12 friends join with one code, each on either
    // instance, and each applies the code twice at once (once per instance): 12 referrals, 960 credits.
    const referrer = await call(b.base, "POST", "/api/auth/register", {
      ip: `${net}.3`,
      body: {
        name: "Referrer",
        email: `referrer-${randomBytes(4).toString("hex")}@example.com`,
        password: "long-enough",
      },
    });
    const referrerUser = referrer.json.user as { referralCode: string; email: string };
    const code = referrerUser.referralCode;
    const applied = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const email = `friend-${i}-${randomBytes(4).toString("hex")}@example.com`;
        const joined = await call(i % 2 ? a.base : b.base, "POST", "/api/auth/register", {
          ip: `${net}.${i + 10}`,
          body: { name: `Friend ${i}`, email, password: "long-enough", referralCode: code },
        });
        expect(joined.status).toBe(201);
        const token = String(joined.json.token);
        const both = await Promise.all(
          [a, b].map((s) =>
            call(s.base, "POST", "/api/referral/apply-code", {
              token,
              // Each friend from their own address, as in life: a shared Redis keeps counting an
              // address's requests across test runs and files.
              ip: `${net}.${i + 10}`,
              body: { referralCode: code, newUserEmail: email },
            }),
          ),
        );
        // Anything but a 200 shows its answer, so a failure says why.
        return both.map((r) => (r.status === 200 ? 200 : `${r.status} ${JSON.stringify(r.json)}`));
      }),
    );
    expect(applied.flat()).toEqual(Array(24).fill(200));
    const referrerStats = await call(a.base, "GET", `/api/referral/stats/${encodeURIComponent(referrerUser.email)}`, {
      token: String(referrer.json.token),
      ip: `${net}.3`,
    });
    // Pending until each friend passes a Knowledge Check.
    expect(referrerStats.json).toMatchObject({ pendingReferrals: 12, pendingCredits: 960, totalCredits: 0 });

    for (const s of [a, b]) s.child.kill("SIGTERM");
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
  });
});
