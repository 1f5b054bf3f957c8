import {
  errorBody,
  exerciseDetail,
  exerciseIdParams,
  exerciseList,
  exerciseListQuery,
  submissionRequest,
  submissionResult,
  TRIAL_HELP_HEADER,
  trialHelpHeaders,
  trialsPassedList,
} from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADDRESS_LIMITS, perAddress } from "../../plugins/address-limit.js";
import { noStore } from "../../plugins/no-store.js";
import { currentUser, identify } from "../auth/authenticate.js";

/** Public with optional authentication: visitors can read and take every free trial too. */
export const exerciseRoutes: FastifyPluginAsyncZod = async (app) => {
  // Answers depend on who asks, and a visitor's passed trial carries a signed receipt (a token).
  app.addHook("onSend", noStore);
  app.get(
    "/exercises",
    { schema: { querystring: exerciseListQuery, response: { 200: exerciseList, 400: errorBody, 404: errorBody } } },
    async (request) => {
      return app.exercises.list(request.query.courseId, await identify(app, request));
    },
  );

  app.get(
    "/exercises/:id",
    {
      schema: {
        params: exerciseIdParams,
        response: { 200: exerciseDetail, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      return app.exercises.get(request.params.id, await identify(app, request));
    },
  );

  app.post(
    "/exercises/:id/submissions",
    {
      preHandler: perAddress(app, "submissions", ADDRESS_LIMITS.submissions),
      schema: {
        params: exerciseIdParams,
        headers: trialHelpHeaders,
        body: submissionRequest,
        response: {
          200: submissionResult,
          400: errorBody,
          403: errorBody,
          404: errorBody,
          422: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request) => {
      // "No runner / busy" comes as an UnavailableError, whose message the error handler shows as is.
      // A visitor's signed place on the ladder of help rides in the x-trial-help header.
      const help = request.headers[TRIAL_HELP_HEADER];
      const who = {
        user: await identify(app, request),
        ip: request.ip,
        helpToken: typeof help === "string" ? help : undefined,
      };
      return app.exercises.submit(request.params.id, who, request.body);
    },
  );
};

/** The dashboard's trials per course: registered inside the authenticated user scope. */
export const exercisePassRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/exercises/passed", { schema: { response: { 200: trialsPassedList, 401: errorBody } } }, (request) =>
    app.exercises.passedPerCourse(currentUser(request).id),
  );
};
