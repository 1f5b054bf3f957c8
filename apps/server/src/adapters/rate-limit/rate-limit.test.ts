import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryRateLimiter } from "./memory.js";
import { createRedisRateLimiter } from "./redis.js";
import type { RateLimiter } from "./types.js";

const redisUrl = process.env.TEST_REDIS_URL;

const stores: [string, () => RateLimiter][] = [
  ["memory", createMemoryRateLimiter],
  ...(redisUrl
    ? [
        ["redis", () => createRedisRateLimiter(redisUrl, `koc:test:${randomBytes(6).toString("hex")}`)] as [
          string,
          () => RateLimiter,
        ],
      ]
    : []),
];

describe.each(stores)("rate limiter on %s", (_name, make) => {
  let limiter: RateLimiter;
  afterEach(async () => {
    await limiter.close();
  });

  it("counts hits in a window and refuses past the limit, saying when to retry", async () => {
    limiter = make();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit("login:account:a@example.com", 3, 900));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4]);
    expect(results[3]?.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]?.retryAfterSeconds).toBeLessThanOrEqual(900);
  });

  it("forgets a key on reset, whatever limit it was counted under", async () => {
    limiter = make();
    for (let i = 0; i < 3; i++) await limiter.hit("k", 2, 60);
    await limiter.reset("k");
    expect(await limiter.hit("k", 2, 60)).toMatchObject({ allowed: true, count: 1 });
  });

  it("keeps a lockout through a flood of 60,000 other keys (nothing is evicted)", async () => {
    limiter = make();
    for (let i = 0; i < 6; i++) await limiter.hit("login:account-address:victim@example.com|10.0.0.1", 5, 900);
    const flood = [];
    for (let i = 0; i < 60_000; i++)
      flood.push(limiter.hit(`reset-mail:${i}-${randomBytes(4).toString("hex")}@x.example`, 3, 3600));
    await Promise.all(flood);
    const after = await limiter.hit("login:account-address:victim@example.com|10.0.0.1", 5, 900);
    expect(after).toMatchObject({ allowed: false, count: 7 });
  });
});

describe("memory rate limiter windows", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("ends a window on its own, so its key starts again from one", async () => {
    vi.useFakeTimers();
    const limiter = createMemoryRateLimiter();
    for (let i = 0; i < 3; i++) await limiter.hit("k", 2, 60);
    expect((await limiter.hit("k", 2, 60)).allowed).toBe(false);
    vi.advanceTimersByTime(61_000);
    expect(await limiter.hit("k", 2, 60)).toMatchObject({ allowed: true, count: 1 });
    await limiter.close();
  });
});
