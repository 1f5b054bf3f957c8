import { errorBody, sqlExampleRequest, sqlExampleResult } from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ownerOf } from "../../adapters/code-runner/fair-share.js";
import { identify } from "../auth/authenticate.js";
import { enforceRunLimit } from "../run/routes.js";

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
      await enforceRunLimit(app.rateLimiter, request.ip);
      const user = await identify(app, request);
      return app.sqlExamples.run(request.body, user, ownerOf(user, request.ip));
    },
  );
};
