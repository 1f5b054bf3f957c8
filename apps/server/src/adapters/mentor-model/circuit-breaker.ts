/**
 * After `threshold` failures in a row the circuit opens: callers skip the model for `coolDownMs`
 * and answer from retrieval. Then one trial call is let through; success closes the circuit again.
 */
export interface CircuitBreakerOptions {
  threshold?: number;
  coolDownMs?: number;
  now?: () => number;
}

export function createCircuitBreaker(options: CircuitBreakerOptions = {}) {
  const threshold = options.threshold ?? 3;
  const coolDownMs = options.coolDownMs ?? 60_000;
  const now = options.now ?? Date.now;
  let failures = 0;
  let openUntil = 0;
  let trialInFlight = false;

  return {
    /** May the model be asked now? In the half-open state only one trial at a time. */
    allow(): boolean {
      if (failures < threshold) return true;
      if (now() < openUntil || trialInFlight) return false;
      trialInFlight = true;
      return true;
    },
    success() {
      failures = 0;
      trialInFlight = false;
    },
    failure() {
      failures += 1;
      trialInFlight = false;
      if (failures >= threshold) openUntil = now() + coolDownMs;
    },
    get state(): "closed" | "open" | "half-open" {
      if (failures < threshold) return "closed";
      return now() < openUntil ? "open" : "half-open";
    },
  };
}

export type CircuitBreaker = ReturnType<typeof createCircuitBreaker>;
