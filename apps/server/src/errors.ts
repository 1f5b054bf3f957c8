/**
 * Domain errors: services and adapters say what went wrong, in words the learner can read, and
 * nothing about HTTP. `plugins/errors.ts` is the one place that maps each kind to a status code
 * (and `Retry-After`).
 */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
}

export type DomainErrorKind =
  | "bad-request"
  | "unauthenticated"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "unsupported"
  | "rate-limited"
  | "upstream"
  | "unavailable";

/** The base of one kind of domain error. */
function kinded<K extends DomainErrorKind>(kind: K) {
  return class extends DomainError {
    readonly kind: K = kind;
  };
}

/** The input breaks a rule that the request's schema cannot express (a bad signature, an expired token). */
export class BadRequestError extends kinded("bad-request") {}

/** No session, or one that has ended. */
export class UnauthenticatedError extends kinded("unauthenticated") {}

/** The caller is known but may not do this. */
export class ForbiddenError extends kinded("forbidden") {}

export class NotFoundError extends kinded("not-found") {}

/** The request clashes with what is already recorded (an email taken, a certificate not yet earned). */
export class ConflictError extends kinded("conflict") {}

/** Understood, but this server cannot do it (a Java version no installed JDK can target). */
export class UnsupportedError extends kinded("unsupported") {}

/** Too many attempts; `retryAfterSeconds`, when known, becomes the `Retry-After` header. */
export class RateLimitedError extends kinded("rate-limited") {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** An outside service (the payment provider) failed; the learner gets a generic message, the log the details. */
export class UpstreamError extends kinded("upstream") {}

/** A capability is off or busy right now (no Java runner, payments not configured); the message is shown as is. */
export class UnavailableError extends kinded("unavailable") {}
