import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RateLimitedError } from "../errors.js";

export interface AddressRule {
  limit: number;
  windowSeconds: number;
}

/**
 * Per-address ceilings of the routes whose limiter keys the caller chooses (an email, a code, a
 * learner id behind a token): counted before the route's own keys, so once an address is over,
 * it creates no new key at all. That bounds the counters one address can make, which is what
 * keeps memory flat and lockouts in place under a flood. Generous enough for a class in one
 * computer lab behind one address.
 */
export const ADDRESS_LIMITS = {
  forgotPassword: { limit: 30, windowSeconds: 15 * 60 },
  referralApply: { limit: 60, windowSeconds: 15 * 60 },
  quiz: { limit: 300, windowSeconds: 60 },
  submissions: { limit: 120, windowSeconds: 60 },
  mentor: { limit: 120, windowSeconds: 60 },
} as const satisfies Record<string, AddressRule>;

export function addressLimitMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many requests from your address. Please try again in ${when}.`;
}

/** A preHandler counting the caller's address under `name`; past the rule, 429 with Retry-After. */
export function perAddress(
  app: FastifyInstance,
  name: string,
  rule: AddressRule,
  message: (seconds: number) => string = addressLimitMessage,
) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const hit = await app.rateLimiter.hit(`${name}:address:${request.ip}`, rule.limit, rule.windowSeconds);
    if (!hit.allowed) throw new RateLimitedError(message(hit.retryAfterSeconds), hit.retryAfterSeconds);
  };
}
