import { contactRequest, contactResponse, errorBody } from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/contact",
    { schema: { body: contactRequest, response: { 200: contactResponse, 400: errorBody, 429: errorBody } } },
    (request) => app.contact.send(request.body, request.ip || null),
  );
};
