import { errorBody, mentorChatRequest, mentorChatResponse } from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../errors.js";

const PER_MINUTE = 30;

export const mentorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/ai/chat",
    { schema: { body: mentorChatRequest, response: { 200: mentorChatResponse, 400: errorBody, 429: errorBody } } },
    async (request) => {
      const limit = await app.rateLimiter.hit(`mentor:ip:${request.ip}`, PER_MINUTE, 60);
      if (!limit.allowed) {
        throw new HttpError(429, `Kattappa needs a breath. Try again in ${limit.retryAfterSeconds} seconds.`);
      }
      return app.mentor.answer(request.body.message);
    },
  );
};
