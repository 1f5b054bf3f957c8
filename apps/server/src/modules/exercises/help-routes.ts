import {
  attemptDetail,
  attemptIdParams,
  attemptList,
  errorBody,
  exerciseIdParams,
  revealRequest,
  solutionResult,
  TRIAL_HELP_HEADER,
  trialHelp,
  trialHelpHeaders,
  trialRunRequest,
  trialRunResult,
} from "@koc/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADDRESS_LIMITS, perAddress } from "../../plugins/address-limit.js";
import { noStore } from "../../plugins/no-store.js";
import { currentUser, identify } from "../auth/authenticate.js";

/** Who asks: a learner, or a visitor with their signed help state (if any) in the x-trial-help header. */
async function caller(app: FastifyInstance, request: FastifyRequest) {
  const token = request.headers[TRIAL_HELP_HEADER];
  return {
    user: await identify(app, request),
    ip: request.ip,
    helpToken: typeof token === "string" ? token : undefined,
  };
}

const refusals = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * The ladder of help and Run, public with optional authentication like the trials themselves: the
 * server decides each unlock from what it recorded, or from a visitor's signed state.
 */
export const trialHelpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onSend", noStore);
  const params = exerciseIdParams;
  const headers = trialHelpHeaders;

  app.get(
    "/exercises/:id/help",
    { schema: { params, headers, response: { 200: trialHelp, ...refusals } } },
    async (request) => app.trialTools.help(request.params.id, await caller(app, request)),
  );

  app.post(
    "/exercises/:id/hints",
    { schema: { params, headers, response: { 200: trialHelp, ...refusals } } },
    async (request) => app.trialTools.takeHint(request.params.id, await caller(app, request)),
  );

  app.post(
    "/exercises/:id/solution",
    { schema: { params, headers, body: revealRequest, response: { 200: solutionResult, ...refusals } } },
    async (request) => app.trialTools.reveal(request.params.id, await caller(app, request), request.body),
  );

  app.get(
    "/exercises/:id/solution",
    { schema: { params, headers, response: { 200: solutionResult, ...refusals } } },
    async (request) => app.trialTools.solution(request.params.id, await caller(app, request)),
  );

  app.post(
    "/exercises/:id/run",
    {
      // Counted per address before anything else, like submissions (an attacker picks the trial id).
      preHandler: perAddress(app, "trial-run", ADDRESS_LIMITS.submissions),
      schema: {
        params,
        body: trialRunRequest,
        response: { 200: trialRunResult, ...refusals, 422: errorBody, 429: errorBody, 503: errorBody },
      },
    },
    async (request) => app.trialTools.run(request.params.id, await caller(app, request), request.body),
  );
};

/** "My attempts": inside the authenticated user scope, each learner sees only their own. */
export const trialAttemptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/exercises/:id/attempts",
    {
      schema: {
        params: exerciseIdParams,
        response: { 200: attemptList, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    (request) => app.trialTools.attempts(currentUser(request).id, request.params.id),
  );
  app.get(
    "/exercise-attempts/:attemptId",
    {
      schema: {
        params: attemptIdParams,
        response: { 200: attemptDetail, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    (request) => app.trialTools.attempt(currentUser(request).id, request.params.attemptId),
  );
};
