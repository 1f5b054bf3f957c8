import { errorBody, reviewAnswerRequest, reviewAnswerResult, reviewCardParams, reviewDeck } from "@koc/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BadRequestError } from "../../errors.js";
import { currentUser } from "../auth/authenticate.js";

/** Moves the review clock in test mode only (TEST_CLOCK=1, refused in production): decision 0026. */
export const TEST_CLOCK_HEADER = "x-test-clock-days";
const testDays = z.coerce.number().int().min(0).max(3650);

/** The review routes' "now": the app's clock, moved ahead by whole days when the test clock is on. */
function reviewNow(app: FastifyInstance, request: FastifyRequest): number {
  const now = app.clock();
  const raw = request.headers[TEST_CLOCK_HEADER];
  if (app.config.TEST_CLOCK !== "1" || raw === undefined) return now;
  const days = testDays.safeParse(raw);
  if (!days.success)
    throw new BadRequestError(`headers.${TEST_CLOCK_HEADER}: must be a whole number of days, 0 to 3650`);
  return now + days.data * 86_400_000;
}

/** The learner's review deck: inside the authenticated user scope, each learner reaches only their own cards. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/review", { schema: { response: { 200: reviewDeck, 400: errorBody, 401: errorBody } } }, (request) =>
    app.review.deck(currentUser(request), reviewNow(app, request)),
  );
  app.post(
    "/review/:cardId/answer",
    {
      schema: {
        params: reviewCardParams,
        body: reviewAnswerRequest,
        response: {
          200: reviewAnswerResult,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    (request) =>
      app.review.answer(currentUser(request), request.params.cardId, request.body.answer, reviewNow(app, request)),
  );
};
