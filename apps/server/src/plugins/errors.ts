import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
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

/** One error path: every failure answers `{ message }`; 5xx messages stay generic, details go to the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation as unknown as ValidationIssue[];
      return reply.status(400).send({ message: describeValidation(err.validationContext, issues) });
    }
    if (err.validation) {
      return reply.status(400).send({ message: describeValidation(err.validationContext, err.validation) });
    }
    const status = typeof err.statusCode === "number" ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: err.message });
    }
    request.log.error({ err, url: pathOnly(request.url), method: request.method }, "request failed");
    return reply.status(status >= 500 && status < 600 ? status : 500).send({ message: GENERIC_500 });
  });
}
