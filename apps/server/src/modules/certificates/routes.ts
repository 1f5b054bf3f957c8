import { certificateCodeParams, certificateRecord, errorBody, issueCertificateRequest } from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../auth/authenticate.js";

/** Issuing: registered inside the authenticated user scope. */
export const certificateIssueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/certificates",
    {
      schema: {
        body: issueCertificateRequest,
        response: {
          200: certificateRecord,
          201: certificateRecord,
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { created, certificate } = await app.certificates.issue(currentUser(request), request.body.courseId);
      return reply.status(created ? 201 : 200).send(certificate);
    },
  );
};

/** Verifying: public, so anyone holding a certificate's code can check it is genuine. */
export const certificateVerifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/certificates/:code",
    { schema: { params: certificateCodeParams, response: { 200: certificateRecord, 400: errorBody, 404: errorBody } } },
    (request) => app.certificates.verify(request.params.code),
  );
};
