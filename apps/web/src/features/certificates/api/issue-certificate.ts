import { type CertificateResponse, certificateResponse } from "@koc/shared";
import { api } from "../../../lib/api-client";

/** POST /api/certificates: the server records (or returns the already recorded) certificate. */
export const issueCertificate = (courseId: string): Promise<CertificateResponse> =>
  api("/certificates", { method: "POST", body: { courseId }, schema: certificateResponse });
