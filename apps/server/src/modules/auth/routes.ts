import {
  authResponse,
  errorBody,
  forgotPasswordRequest,
  loginRequest,
  messageBody,
  publicUser,
  registerRequest,
  resetPasswordRequest,
} from "@koc/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { RateLimitedError } from "../../errors.js";
import { noStore } from "../../plugins/no-store.js";
import { publicOrigin } from "../../public-origin.js";
import { authenticate, currentUser } from "./authenticate.js";
import { REGISTER_LIMIT, RESET_PASSWORD_LIMIT, tooManyMessage } from "./rate-limits.js";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Answers here hold tokens and personal data: never cached.
  app.addHook("onSend", noStore);

  /** A preHandler counting requests per address before the handler's argon2 work. */
  const perAddress =
    (name: string, rule: { limit: number; windowSeconds: number }) =>
    async (request: FastifyRequest, _reply: FastifyReply) => {
      const hit = await app.rateLimiter.hit(`${name}:address:${request.ip}`, rule.limit, rule.windowSeconds);
      if (!hit.allowed) throw new RateLimitedError(tooManyMessage(hit.retryAfterSeconds), hit.retryAfterSeconds);
    };

  app.post(
    "/auth/register",
    {
      preHandler: perAddress("register", REGISTER_LIMIT),
      schema: {
        body: registerRequest,
        response: { 201: authResponse, 400: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await app.auth.register(request.body)),
  );

  app.post(
    "/auth/login",
    { schema: { body: loginRequest, response: { 200: authResponse, 400: errorBody, 401: errorBody, 429: errorBody } } },
    (request) => app.auth.login(request.body, request.ip),
  );

  app.post(
    "/auth/forgot-password",
    { schema: { body: forgotPasswordRequest, response: { 200: messageBody, 400: errorBody } } },
    (request) => app.auth.forgotPassword(request.body.email, publicOrigin(app.config)),
  );

  app.post(
    "/auth/reset-password",
    {
      preHandler: perAddress("reset-password", RESET_PASSWORD_LIMIT),
      schema: { body: resetPasswordRequest, response: { 200: messageBody, 400: errorBody, 429: errorBody } },
    },
    (request) => app.auth.resetPassword(request.body.token, request.body.password),
  );

  await app.register(async (user) => {
    user.addHook("onRequest", authenticate);
    user.get("/auth/me", { schema: { response: { 200: publicUser, 401: errorBody } } }, (request) =>
      app.auth.me(currentUser(request).id),
    );
  });
};
