import { RateLimiterMemory } from "rate-limiter-flexible";
import { flexibleRateLimiter } from "./flexible.js";
import type { RateLimiter } from "./types.js";

/**
 * Counters in process memory (rate-limiter-flexible's memory store). Nothing is ever evicted
 * under pressure: a key lives until its own window ends, so no flood of new keys can clear a
 * lockout. What bounds memory is that every route taking an attacker-chosen key (an email, a
 * code) counts the caller's address first and creates no new key once that limit is reached.
 */
export function createMemoryRateLimiter(): RateLimiter {
  return flexibleRateLimiter(
    "memory",
    (points, duration) => new RateLimiterMemory({ points, duration, keyPrefix: "" }),
    async () => {},
  );
}
