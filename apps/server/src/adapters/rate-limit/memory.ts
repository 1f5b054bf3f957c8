import type { RateLimiter } from "./types.js";

/** Most keys kept at once: past this the least recently hit keys are forgotten (about 10 MB at most). */
export const MEMORY_RATE_LIMIT_MAX_KEYS = 50_000;

/**
 * Fixed-window counters in process memory, bounded: keys are attacker-chosen (emails, addresses), so
 * the map is an LRU of at most `maxKeys` entries; expired windows are swept every so often and, when
 * full, the least recently hit key goes first.
 */
export function createMemoryRateLimiter(
  now: () => number = Date.now,
  maxKeys: number = MEMORY_RATE_LIMIT_MAX_KEYS,
): RateLimiter & { size(): number } {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  const sweep = (t: number) => {
    for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
  };
  return {
    kind: "memory",
    async hit(key, limit, windowSeconds) {
      const t = now();
      if (t >= nextSweep) {
        sweep(t);
        nextSweep = t + 60_000;
      }
      let w = windows.get(key);
      if (w) windows.delete(key); // re-inserted below: Map order is recency order
      if (!w || w.resetAt <= t) w = { count: 0, resetAt: t + windowSeconds * 1000 };
      w.count += 1;
      windows.set(key, w);
      if (windows.size > maxKeys) {
        sweep(t);
        for (const k of windows.keys()) {
          if (windows.size <= maxKeys) break;
          windows.delete(k);
        }
      }
      return { allowed: w.count <= limit, count: w.count, retryAfterSeconds: Math.ceil((w.resetAt - t) / 1000) };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
    size: () => windows.size,
  };
}
