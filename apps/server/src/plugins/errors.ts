import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DomainError, type DomainErrorKind, RateLimitedError } from "../errors.js";
import { pathOnly } from "./log-serializers.js";

const GENERIC_500 = "Something went wrong on our side. Please try again.";

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** "body.email: Invalid email address" - names the field that failed. */
function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = (issue.instancePath ?? "").split("/").filter(Boolean).join(".");
      const field = [context, path].filter(Boolean).join(".");
      return `${field || "request"}: ${issue.message ?? "is invalid"}`;
    })
    .join("; ");
}

/** The one place that knows which status each domain error answers. */
const STATUS: Record<DomainErrorKind, number> = {
  "bad-request": 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  unsupported: 422,
  "rate-limited": 429,
  upstream: 502,
  unavailable: 503,
};

/**
 * One error path: every failure answers `{ message }`. Domain errors map through STATUS; any other
 * 5xx stays generic and its details go to the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation as unknown as ValidationIssue[];
      return reply.status(400).send({ message: describeValidation(err.validationContext, issues) });
    }
    if (err.validation) {
      return reply.status(400).send({ message: describeValidation(err.validationContext, err.validation) });
    }
    if (err instanceof DomainError) {
      const status = STATUS[err.kind];
      if (err instanceof RateLimitedError && err.retryAfterSeconds !== undefined) {
        reply.header("retry-after", String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
      }
      // "No runner / payments off" is written for the learner; an upstream failure's details are for the log.
      if (err.kind === "upstream") {
        request.log.error({ err, url: pathOnly(request.url), method: request.method }, "upstream service failed");
        return reply.status(status).send({ message: GENERIC_500 });
      }
      if (err.kind === "unavailable")
        request.log.warn({ url: pathOnly(request.url), reason: err.message }, "unavailable");
      return reply.status(status).send({ message: err.message });
    }
    const status = typeof err.statusCode === "number" ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: err.message });
    }
    request.log.error({ err, url: pathOnly(request.url), method: request.method }, "request failed");
    return reply.status(status >= 500 && status < 600 ? status : 500).send({ message: GENERIC_500 });
  });
}
