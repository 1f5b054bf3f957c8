import { errorBody, runRequest, runResult, runStatus } from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ownerOf } from "../../adapters/code-runner/fair-share.js";
import { RateLimitedError } from "../../errors.js";
import { identify } from "../auth/authenticate.js";

/** Runs per address per minute. */
export const RUN_RATE_LIMIT = 30;
const RUN_RATE_WINDOW_SECONDS = 60;

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
      const limit = await app.rateLimiter.hit(`run:ip:${request.ip}`, RUN_RATE_LIMIT, RUN_RATE_WINDOW_SECONDS);
      if (!limit.allowed) {
        throw new RateLimitedError(
          `Too many runs from your address. Please wait ${limit.retryAfterSeconds} seconds and try again.`,
          limit.retryAfterSeconds,
        );
      }
      const { version, code, stdin } = request.body;
      // A signed-in learner has a share of their own; a bad or missing token runs as a visitor.
      const owner = ownerOf(await identify(app, request), request.ip);
      return app.codeRunner.run({ version, code, stdin, owner });
    },
  );
};
