import {
  applyReferralRequest,
  applyReferralResponse,
  errorBody,
  generateReferralCodeRequest,
  referralCodeResponse,
  referralStats,
  referralStatsParams,
} from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADDRESS_LIMITS, perAddress } from "../../plugins/address-limit.js";
import { currentUser } from "../auth/authenticate.js";

/** Registered inside the authenticated user scope: every call is about the caller's own account. */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/referral/generate-code",
    {
      schema: {
        body: generateReferralCodeRequest,
        response: { 200: referralCodeResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    (request) => app.referrals.generateCode(currentUser(request), request.body.email),
  );

  app.post(
    "/referral/apply-code",
    {
      preHandler: perAddress(app, "referral-apply", ADDRESS_LIMITS.referralApply),
      schema: {
        body: applyReferralRequest,
        response: {
          200: applyReferralResponse,
          201: applyReferralResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const result = await app.referrals.applyCode(currentUser(request), request.body);
      return reply.status(result.credited ? 201 : 200).send(result);
    },
  );

  app.get(
    "/referral/stats/:email",
    {
      schema: {
        params: referralStatsParams,
        response: { 200: referralStats, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    (request) => app.referrals.stats(currentUser(request), request.params.email),
  );
};
