import { Redis } from "ioredis";
import type { RateLimiter } from "./types.js";

// INCR and set the expiry on the first hit, atomically; returns [count, ttl in ms].
const HIT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}
`;

export function createRedisRateLimiter(url: string, prefix = "koc:rl:"): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    kind: "redis",
    async hit(key, limit, windowSeconds) {
      const [count, ttl] = (await redis.eval(HIT, 1, prefix + key, String(windowSeconds * 1000))) as [number, number];
      return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
