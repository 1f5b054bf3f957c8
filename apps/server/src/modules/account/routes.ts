import { deleteAccountRequest, errorBody, exportFileName, learnerExport, messageBody } from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../auth/authenticate.js";

/** The caller's own data as a whole; registered inside the authenticated user scope. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/account/export",
    { schema: { response: { 200: learnerExport, 401: errorBody } } },
    async (request, reply) => {
      const now = new Date();
      const data = await app.account.export(currentUser(request).id, now);
      return reply.header("content-disposition", `attachment; filename="${exportFileName(now)}"`).send(data);
    },
  );

  app.post(
    "/account/delete",
    {
      schema: {
        body: deleteAccountRequest,
        response: { 200: messageBody, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    (request) => app.account.delete(currentUser(request).id, request.body),
  );
};
