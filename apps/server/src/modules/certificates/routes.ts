import {
  type CertificateRecord,
  certificateCodeParams,
  certificateFileName,
  certificateResponse,
  errorBody,
  issueCertificateRequest,
  myCertificatesResponse,
} from "@koc/shared";
import contentDisposition from "content-disposition";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicOrigin } from "../../public-origin.js";
import { currentUser } from "../auth/authenticate.js";
import { CERTIFICATE_MAIL_JOB, certificateMailKey } from "./mail.js";
import { renderCertificatePdf } from "./pdf.js";

/**
 * A name a learner typed, made safe as a file name on any system: path separators, reserved
 * characters (< > : " | ? *), controls and leading dots become "_".
 */
export function safeFileName(name: string): string {
  return name.replace(/[\\/<>:"|?*\p{Cc}\u2028\u2029]/gu, "_").replace(/^\.+/, "_");
}

/**
 * RFC 6266: filename* carries the whole name (UTF-8), and the plain filename an ASCII fallback
 * for old clients, every other character "_".
 */
export function attachment(fileName: string): string {
  return contentDisposition(fileName, { type: "attachment", fallback: fileName.replace(/[^\x20-\x7e]/g, "_") });
}

/** The public page that vouches for a certificate, on the origin people reach the site at. */
export const verifyUrl = (app: FastifyInstance, code: string) =>
  `${publicOrigin(app.config)}/verify/${encodeURIComponent(code)}`;

const withUrl = (app: FastifyInstance, c: CertificateRecord) => ({ ...c, verifyUrl: verifyUrl(app, c.code) });

/** Issuing and listing one's own: registered inside the authenticated user scope. */
export const certificateIssueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/certificates",
    { schema: { response: { 200: myCertificatesResponse, 401: errorBody } } },
    async (request) => {
      const list = await app.certificates.listFor(currentUser(request).id);
      return { certificates: list.map((c) => withUrl(app, c)) };
    },
  );

  /** The certificate PDF, drawn on the server so names in Indic scripts are shaped; owner only. */
  app.get("/certificates/:code/pdf", { schema: { params: certificateCodeParams } }, async (request, reply) => {
    const owner = currentUser(request).id;
    const cert = await app.certificates.findOwned(owner, request.params.code);
    // Trials are the extra mile: the certificate notes how many of the course's were passed.
    const pdf = await renderCertificatePdf(withUrl(app, cert), await app.exercises.passedIn(owner, cert.courseId));
    const fileName = safeFileName(certificateFileName(cert.courseTitle, cert.name));
    return reply
      .header("content-type", "application/pdf")
      .header("cache-control", "private, no-store")
      .header("content-disposition", attachment(fileName))
      .send(pdf);
  });

  app.post(
    "/certificates",
    {
      schema: {
        body: issueCertificateRequest,
        response: {
          200: certificateResponse,
          201: certificateResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { created, certificate } = await app.certificates.issue(currentUser(request), request.body.courseId);
      if (created) {
        // The PDF is drawn and mailed by a durable job; the learner has their certificate already.
        await app.jobs
          .send(CERTIFICATE_MAIL_JOB, { code: certificate.code }, { key: certificateMailKey(certificate.code) })
          .catch((err: unknown) => request.log.warn({ err, code: certificate.code }, "certificate mail not queued"));
      }
      return reply.status(created ? 201 : 200).send(withUrl(app, certificate));
    },
  );
};

/** Verifying: public, so anyone holding a certificate's code can check it is genuine. */
export const certificateVerifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/certificates/:code",
    {
      schema: { params: certificateCodeParams, response: { 200: certificateResponse, 400: errorBody, 404: errorBody } },
    },
    async (request) => withUrl(app, await app.certificates.verify(request.params.code)),
  );
};
