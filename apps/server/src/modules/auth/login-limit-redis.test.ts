import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { createRedisRateLimiter } from "../../adapters/rate-limit/redis.js";

const redisUrl = process.env.TEST_REDIS_URL;

// Two server instances on one database and one Redis: failures on either count towards one limit.
describe.skipIf(!redisUrl)("login rate limit shared through Redis", () => {
  let a: Awaited<ReturnType<typeof createAccountsTestApp>>;
  let b: Awaited<ReturnType<typeof createAccountsTestApp>>;
  beforeAll(async () => {
    const prefix = `koc:test:${randomBytes(6).toString("hex")}:`;
    a = await createAccountsTestApp("pglite", { rateLimiter: createRedisRateLimiter(String(redisUrl), prefix) });
    b = await createAccountsTestApp("pglite", {
      database: a.database,
      rateLimiter: createRedisRateLimiter(String(redisUrl), prefix),
    });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await Promise.all([a.app.rateLimiter.close(), b.app.rateLimiter.close()]);
  });

  it("blocks the sixth failure even when the attempts alternate between instances", async () => {
    await registerUser(a.app, { email: "shared@example.com", password: "right-one-here" });
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "shared@example.com", password: `wrong-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await b.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "shared@example.com", password: "right-one-here" },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
  });
});
