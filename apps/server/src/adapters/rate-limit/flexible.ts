import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import type { RateLimiter, RateLimitResult } from "./types.js";

/**
 * The seam's `hit(key, limit, windowSeconds)` on rate-limiter-flexible, whose limiters each have
 * one points/duration pair: one limiter per pair, made on first use. The pairs are constants in
 * the code (a dozen or so), never request input, so this map stays small.
 */
export function flexibleRateLimiter(
  kind: RateLimiter["kind"],
  make: (points: number, duration: number) => RateLimiterAbstract,
  close: () => Promise<void>,
): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (points: number, duration: number) => {
    const id = `${points}/${duration}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = make(points, duration);
      limiters.set(id, limiter);
    }
    return limiter;
  };
  const result = (res: RateLimiterRes, allowed: boolean): RateLimitResult => ({
    allowed,
    count: res.consumedPoints,
    retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });
  return {
    kind,
    async hit(key, limit, windowSeconds) {
      try {
        return result(await limiterFor(limit, windowSeconds).consume(key), true);
      } catch (err) {
        // Refusals reject with the counter's state; anything else is a store failure.
        if (err instanceof RateLimiterRes) return result(err, false);
        throw err;
      }
    },
    async reset(key) {
      await Promise.all([...limiters.values()].map((l) => l.delete(key)));
    },
    close,
  };
}
