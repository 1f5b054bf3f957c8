import { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import { flexibleRateLimiter } from "./flexible.js";
import type { RateLimiter } from "./types.js";

/**
 * Counters shared by every instance, in Redis (rate-limiter-flexible's Redis store: one atomic
 * script per hit). Run Redis without an eviction policy (maxmemory-policy noeviction, its default)
 * so no lockout can be pushed out by other keys.
 */
export function createRedisRateLimiter(url: string, prefix = "koc:rl"): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return flexibleRateLimiter(
    "redis",
    (points, duration) => new RateLimiterRedis({ storeClient: redis, points, duration, keyPrefix: prefix }),
    async () => {
      await redis.quit();
    },
  );
}
