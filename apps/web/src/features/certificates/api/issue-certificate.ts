import { type CertificateResponse, certificateResponse } from "@koc/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { myCertificatesKeyPrefix } from "./my-certificates";

/** POST /api/certificates: the server records (or returns the already recorded) certificate. */
export const issueCertificate = (courseId: string): Promise<CertificateResponse> =>
  api("/certificates", { method: "POST", body: { courseId }, schema: certificateResponse });

/** Issues a course's certificate; the learner's list of certificates is read again afterwards. */
export function useIssueCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: issueCertificate,
    onSuccess: () => client.invalidateQueries({ queryKey: myCertificatesKeyPrefix }),
  });
}
