import { z } from "zod";
import { slugId } from "./common.js";

/** POST /api/certificates */
export const issueCertificateRequest = z.object({ courseId: slugId });

/** A recorded certificate: what /verify/{code} shows anyone. */
export const certificateRecord = z.object({
  code: z.string(),
  name: z.string(),
  courseTitle: z.string(),
  courseId: z.string(),
  issuedAt: z.string(),
});
export type CertificateRecord = z.infer<typeof certificateRecord>;

/** A certificate as the API answers it: the record plus its public verification page's URL. */
export const certificateResponse = certificateRecord.extend({ verifyUrl: z.url() });
export type CertificateResponse = z.infer<typeof certificateResponse>;

/** GET /api/certificates: the caller's own certificates, newest first. */
export const myCertificatesResponse = z.object({ certificates: z.array(certificateResponse) });
export type MyCertificatesResponse = z.infer<typeof myCertificatesResponse>;

/** A code that cannot exist is simply not found; only absurd lengths are refused. */
export const certificateCodeParams = z.object({ code: z.string().min(1).max(100, "must be at most 100 characters") });
