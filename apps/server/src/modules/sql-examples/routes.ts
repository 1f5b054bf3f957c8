import { errorBody, sqlExampleRequest, sqlExampleResult } from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ownerOf } from "../../adapters/code-runner/fair-share.js";
import { RateLimitedError } from "../../errors.js";
import { identify } from "../auth/authenticate.js";
import { RUN_RATE_LIMIT } from "../run/routes.js";

const RUN_RATE_WINDOW_SECONDS = 60;

/** POST /api/sql/examples: a SQL lesson's example run in place, on the lesson's tables (decision 0033). */
export const sqlExampleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/sql/examples",
    {
      schema: {
        body: sqlExampleRequest,
        response: {
          200: sqlExampleResult,
          400: errorBody,
          403: errorBody,
          404: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request) => {
      // The same budget as POST /api/run: an example is a run like any other.
      const limit = await app.rateLimiter.hit(`run:ip:${request.ip}`, RUN_RATE_LIMIT, RUN_RATE_WINDOW_SECONDS);
      if (!limit.allowed) {
        throw new RateLimitedError(
          `Too many runs from your address. Please wait ${limit.retryAfterSeconds} seconds and try again.`,
          limit.retryAfterSeconds,
        );
      }
      const user = await identify(app, request);
      return app.sqlExamples.run(request.body, user, ownerOf(user, request.ip));
    },
  );
};
