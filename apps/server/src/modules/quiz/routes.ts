import {
  courseQuizAttemptRequest,
  errorBody,
  quizAttemptRequest,
  quizAttemptResult,
  redeemReceiptsRequest,
  redeemReceiptsResult,
} from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, identify } from "../auth/authenticate.js";

const responses = { 200: quizAttemptResult, 400: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };

/** Public with optional authentication: visitors can take every quiz too. */
export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/quiz/attempts", { schema: { body: quizAttemptRequest, response: responses } }, async (request) => {
    const taker = { user: await identify(app, request), ip: request.ip };
    return app.quiz.attempt(taker, request.body.materialId, request.body.answers);
  });

  app.post(
    "/quiz/course-attempts",
    { schema: { body: courseQuizAttemptRequest, response: responses } },
    async (request) => {
      const taker = { user: await identify(app, request), ip: request.ip };
      return app.quiz.courseAttempt(taker, request.body.courseId, request.body.answers);
    },
  );
};

/** Redeeming visitor receipts: registered inside the authenticated user scope. */
export const quizReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/quiz/receipts",
    {
      schema: { body: redeemReceiptsRequest, response: { 200: redeemReceiptsResult, 400: errorBody, 401: errorBody } },
    },
    (request) => app.quiz.redeem(currentUser(request), request.body.receipts),
  );
};
