import {
  authResponse,
  changePasswordRequest,
  errorBody,
  forgotPasswordRequest,
  loginRequest,
  messageBody,
  publicUser,
  registerRequest,
  resetPasswordRequest,
} from "@koc/shared";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { ADDRESS_LIMITS, perAddress as addressLimit } from "../../plugins/address-limit.js";
import { noStore } from "../../plugins/no-store.js";
import { publicOrigin } from "../../public-origin.js";
import { authenticate, bearerToken, currentUser } from "./authenticate.js";
import { LOGIN_LIMITS, REGISTER_LIMIT, RESET_PASSWORD_LIMIT, retryMessage, tooManyMessage } from "./rate-limits.js";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Answers here hold tokens and personal data: never cached.
  app.addHook("onSend", noStore);

  /** A preHandler counting requests per address first: before any per-email key and any argon2 work. */
  const perAddress = (name: string, rule: { limit: number; windowSeconds: number }) =>
    addressLimit(app, name, rule, tooManyMessage);

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
    {
      preHandler: addressLimit(app, "login", LOGIN_LIMITS.perAddress, retryMessage),
      schema: { body: loginRequest, response: { 200: authResponse, 400: errorBody, 401: errorBody, 429: errorBody } },
    },
    (request) => app.auth.login(request.body, request.ip),
  );

  app.post(
    "/auth/forgot-password",
    {
      preHandler: perAddress("forgot-password", ADDRESS_LIMITS.forgotPassword),
      schema: { body: forgotPasswordRequest, response: { 200: messageBody, 400: errorBody, 429: errorBody } },
    },
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

  await app.register(async (scope) => {
    const user = scope.withTypeProvider<ZodTypeProvider>();
    user.addHook("onRequest", authenticate);
    user.get(
      "/auth/me",
      { schema: { response: { 200: publicUser, 401: errorBody } } },
      (request) => currentUser(request).profile,
    );
    user.post("/auth/logout", { schema: { response: { 200: messageBody, 401: errorBody } } }, (request) =>
      app.auth.logout(bearerToken(request)),
    );
    user.post("/auth/logout-everywhere", { schema: { response: { 200: messageBody, 401: errorBody } } }, (request) =>
      app.auth.logoutEverywhere(currentUser(request).id),
    );
    user.post(
      "/auth/change-password",
      {
        schema: {
          body: changePasswordRequest,
          response: { 200: authResponse, 400: errorBody, 401: errorBody, 429: errorBody },
        },
      },
      (request) => app.auth.changePassword(currentUser(request).id, request.body),
    );
  });
};
