import { draft, draftBody, draftOrNone, draftParams, errorBody } from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../auth/authenticate.js";

/** A learner's editor drafts: inside the authenticated user scope, each learner reaches only their own. */
export const draftRoutes: FastifyPluginAsyncZod = async (app) => {
  const failures = { 400: errorBody, 401: errorBody, 404: errorBody };
  app.get("/drafts/:key", { schema: { params: draftParams, response: { 200: draftOrNone, ...failures } } }, (request) =>
    app.drafts.get(currentUser(request).id, request.params.key),
  );
  app.put(
    "/drafts/:key",
    { schema: { params: draftParams, body: draftBody, response: { 200: draft, ...failures, 409: errorBody } } },
    (request) => app.drafts.put(currentUser(request).id, request.params.key, request.body),
  );
};
