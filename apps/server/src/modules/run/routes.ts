import { errorBody, runRequest, runResult, runStatus } from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ownerOf } from "../../adapters/code-runner/fair-share.js";
import type { RateLimiter } from "../../adapters/rate-limit/types.js";
import { RateLimitedError } from "../../errors.js";
import { identify } from "../auth/authenticate.js";

/** Runs per address per minute. */
export const RUN_RATE_LIMIT = 30;
const RUN_RATE_WINDOW_SECONDS = 60;

/**
 * Counts one run against the address's budget, which programs, SQL examples and the mentor's code
 * checks share: an example or a check is a run like any other.
 */
export const hitRunLimit = (rateLimiter: RateLimiter, ip: string) =>
  rateLimiter.hit(`run:ip:${ip}`, RUN_RATE_LIMIT, RUN_RATE_WINDOW_SECONDS);

/** Throws 429 with the wait when the address has used its runs this minute. */
export async function enforceRunLimit(rateLimiter: RateLimiter, ip: string): Promise<void> {
  const limit = await hitRunLimit(rateLimiter, ip);
  if (!limit.allowed) {
    throw new RateLimitedError(
      `Too many runs from your address. Please wait ${limit.retryAfterSeconds} seconds and try again.`,
      limit.retryAfterSeconds,
    );
  }
}

export const runRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/run/status", { schema: { response: { 200: runStatus } } }, () => app.codeRunner.status());

  app.post(
    "/run",
    {
      schema: {
        body: runRequest,
        response: { 200: runResult, 400: errorBody, 422: errorBody, 429: errorBody, 503: errorBody },
      },
    },
    async (request) => {
      await enforceRunLimit(app.rateLimiter, request.ip);
      const { version, code, stdin } = request.body;
      // A signed-in learner has a share of their own; a bad or missing token runs as a visitor.
      const owner = ownerOf(await identify(app, request), request.ip);
      return app.codeRunner.run({ version, code, stdin, owner });
    },
  );
};
