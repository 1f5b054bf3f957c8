import type { RateLimiter } from "./types.js";

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    kind: "memory",
    async hit(key, limit, windowSeconds) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      if (windows.size > 50_000) {
        for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
      }
      return { allowed: w.count <= limit, count: w.count, retryAfterSeconds: Math.ceil((w.resetAt - t) / 1000) };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}
