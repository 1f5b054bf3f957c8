import {
  courseIdParams,
  courseQuiz,
  courseQuizAttemptRequest,
  errorBody,
  quizAttemptRequest,
  quizAttemptResult,
  redeemReceiptsRequest,
  redeemReceiptsResult,
} from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADDRESS_LIMITS, perAddress } from "../../plugins/address-limit.js";
import { noStore } from "../../plugins/no-store.js";
import { currentUser, identify } from "../auth/authenticate.js";

const responses = { 200: quizAttemptResult, 400: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };

/** Public with optional authentication: visitors can take every quiz too. */
export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  // A visitor's passed attempt carries a signed receipt (a token): no cache may keep it.
  app.addHook("onSend", noStore);
  app.get(
    "/courses/:id/quiz",
    {
      schema: { params: courseIdParams, response: { 200: courseQuiz, 400: errorBody, 403: errorBody, 404: errorBody } },
    },
    async (request) => app.quiz.courseQuestions(await identify(app, request), request.params.id),
  );

  // One ceiling per address over both kinds of attempt, before the per-learner or per-visitor count.
  const preHandler = perAddress(app, "quiz", ADDRESS_LIMITS.quiz);
  app.post(
    "/quiz/attempts",
    { preHandler, schema: { body: quizAttemptRequest, response: responses } },
    async (request) => {
      const taker = { user: await identify(app, request), ip: request.ip };
      return app.quiz.attempt(taker, request.body.materialId, request.body.answers);
    },
  );

  app.post(
    "/quiz/course-attempts",
    { preHandler, schema: { body: courseQuizAttemptRequest, response: responses } },
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
    async (request) => {
      // Trial receipts (visitors' passed trials) travel in the same list as the quiz receipts.
      const user = currentUser(request);
      const trials = request.body.receipts.filter((r) => app.exercises.isReceipt(r));
      const quiz = await app.quiz.redeem(
        user,
        request.body.receipts.filter((r) => !app.exercises.isReceipt(r)),
      );
      if (trials.length === 0) return quiz;
      const passed = await app.exercises.redeem(user, trials);
      return { accepted: quiz.accepted + passed.accepted, rejected: quiz.rejected + passed.rejected };
    },
  );
};
