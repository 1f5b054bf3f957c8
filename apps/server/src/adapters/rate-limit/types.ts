export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window resets (when not allowed: when to retry). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters keyed by a string (e.g. "login:ip:1.2.3.4"). Memory for one instance;
 * Redis when REDIS_URL is set, so several instances share the counts.
 */
export interface RateLimiter {
  readonly kind: "memory" | "redis";
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Forget a key, e.g. after a successful login. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
