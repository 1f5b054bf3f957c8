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
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticate, currentUser } from "./authenticate.js";

/** Links in mail point at PUBLIC_ORIGIN when set, else at the address the request came to. */
const originOf = (request: FastifyRequest, configured: string | undefined) =>
  configured?.replace(/\/+$/, "") ?? `${request.protocol}://${request.host}`;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/auth/register",
    { schema: { body: registerRequest, response: { 201: authResponse, 400: errorBody, 409: errorBody } } },
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
    (request) => app.auth.forgotPassword(request.body.email, originOf(request, app.config.PUBLIC_ORIGIN)),
  );

  app.post(
    "/auth/reset-password",
    { schema: { body: resetPasswordRequest, response: { 200: messageBody, 400: errorBody } } },
    (request) => app.auth.resetPassword(request.body.token, request.body.password),
  );

  await app.register(async (user) => {
    user.addHook("onRequest", authenticate);
    user.get("/auth/me", { schema: { response: { 200: publicUser, 401: errorBody } } }, (request) =>
      app.auth.me(currentUser(request).id),
    );
  });
};
