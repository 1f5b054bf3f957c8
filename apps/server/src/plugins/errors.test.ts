import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
  UnavailableError,
  UnsupportedError,
  UpstreamError,
} from "../errors.js";
import { registerErrorHandling } from "./errors.js";

/** The one mapping from domain errors to HTTP, checked through a bare Fastify instance. */
describe("domain errors through the one error handler", () => {
  const app = Fastify({ logger: false });
  const thrown: Record<string, () => Error> = {
    "bad-request": () => new BadRequestError("body.token: has expired"),
    unauthenticated: () => new UnauthenticatedError("Please log in."),
    forbidden: () => new ForbiddenError("Not yours."),
    "not-found": () => new NotFoundError("Course not found"),
    conflict: () => new ConflictError("Email taken."),
    unsupported: () => new UnsupportedError("No JDK targets Java 7."),
    "rate-limited": () => new RateLimitedError("Slow down.", 42.2),
    "rate-limited-no-hint": () => new RateLimitedError("Slow down."),
    upstream: () => new UpstreamError("Razorpay capture failed (500: secret detail)"),
    unavailable: () => new UnavailableError("Java is not run on this server."),
    plain: () => new Error("a bug with internals"),
  };
  beforeAll(async () => {
    registerErrorHandling(app);
    app.get("/:kind", async (request) => {
      throw thrown[(request.params as { kind: string }).kind]?.();
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const call = (kind: string) => app.inject({ method: "GET", url: `/${kind}` });

  it.each([
    ["bad-request", 400, "body.token: has expired"],
    ["unauthenticated", 401, "Please log in."],
    ["forbidden", 403, "Not yours."],
    ["not-found", 404, "Course not found"],
    ["conflict", 409, "Email taken."],
    ["unsupported", 422, "No JDK targets Java 7."],
    ["rate-limited", 429, "Slow down."],
    ["unavailable", 503, "Java is not run on this server."],
  ])("%s answers %i with its own message", async (kind, status, message) => {
    const res = await call(kind);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message });
  });

  it("a rate limit carries Retry-After in whole seconds when the wait is known", async () => {
    expect((await call("rate-limited")).headers["retry-after"]).toBe("43");
    const noHint = await call("rate-limited-no-hint");
    expect(noHint.statusCode).toBe(429);
    expect(noHint.headers["retry-after"]).toBeUndefined();
  });

  it("an upstream failure and an unexpected error keep their details out of the answer", async () => {
    const upstream = await call("upstream");
    expect(upstream.statusCode).toBe(502);
    expect(upstream.json().message).not.toMatch(/secret detail/);
    const plain = await call("plain");
    expect(plain.statusCode).toBe(500);
    expect(plain.json().message).not.toMatch(/internals/);
  });
});
