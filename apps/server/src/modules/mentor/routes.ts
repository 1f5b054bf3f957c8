import {
  errorBody,
  type MentorStreamEvent,
  mentorChatRequest,
  mentorChatResponse,
  mentorExplainRequest,
  mentorExplainResponse,
  TRIAL_HELP_HEADER,
} from "@koc/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { RateLimitedError } from "../../errors.js";
import { ADDRESS_LIMITS, perAddress } from "../../plugins/address-limit.js";
import type { Asker } from "./service.js";

/** Questions per learner (or, for visitors, per address) per minute. */
export const MENTOR_RATE_LIMIT = 30;

export const mentorRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A signed-in learner is limited on their own; a bad or missing token just counts as a visitor. */
  async function asker(request: FastifyRequest): Promise<Asker> {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
    const user = match?.[1] ? await app.auth.authenticate(match[1]) : null;
    const key = user ? `mentor:user:${user.id}` : `mentor:ip:${request.ip}`;
    const limit = await app.rateLimiter.hit(key, MENTOR_RATE_LIMIT, 60);
    if (!limit.allowed) {
      throw new RateLimitedError(
        `Even Kattappa must catch his breath, warrior. Ask me again in ${limit.retryAfterSeconds} seconds.`,
        limit.retryAfterSeconds,
      );
    }
    // A visitor's place on a trial's ladder travels signed in this header, as on the trial's own routes.
    const token = request.headers[TRIAL_HELP_HEADER];
    return {
      isPremium: user?.isPremium ?? false,
      ip: request.ip,
      user: user ? { id: user.id } : null,
      helpToken: typeof token === "string" ? token : undefined,
    };
  }

  const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };
  // The address first: a pile of accounts behind one address shares one ceiling.
  const preHandler = perAddress(app, "mentor", ADDRESS_LIMITS.mentor);

  app.post(
    "/ai/chat",
    { preHandler, schema: { body: mentorChatRequest, response: { 200: mentorChatResponse, ...errors } } },
    async (request) => app.mentor.answer(request.body, await asker(request)),
  );

  app.post(
    "/ai/explain",
    { preHandler, schema: { body: mentorExplainRequest, response: { 200: mentorExplainResponse, ...errors } } },
    async (request) => app.mentor.explain(request.body, await asker(request)),
  );

  // Server-Sent Events: delta events with pieces of the answer, then one done event with all of it.
  app.post(
    "/ai/chat/stream",
    { preHandler, schema: { body: mentorChatRequest, response: errors } },
    async (request, reply) => {
      const who = await asker(request);
      await app.mentor.checkTrial(request.body.context?.trialId, who);
      reply.hijack();
      reply.raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-accel-buffering": "no",
      });
      const send = (event: MentorStreamEvent) => reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
      try {
        const answer = await app.mentor.stream(
          request.body,
          who,
          (text) => send({ type: "delta", text }),
          () => send({ type: "restart" }),
        );
        send({ type: "done", answer });
      } catch (err) {
        request.log.error({ err }, "mentor stream failed");
        send({
          type: "done",
          answer: { success: false, response: "Sorry, I encountered an issue. Please try again!", sources: [] },
        });
      }
      reply.raw.end();
    },
  );
};
