import { myCertificatesResponse } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** GET /api/certificates: the signed-in learner's own certificates, newest first. */
export const myCertificatesQuery = (email: string) =>
  queryOptions({
    queryKey: ["certificates", "mine", email],
    queryFn: async ({ signal }) =>
      (await api("/certificates", { schema: myCertificatesResponse, signal })).certificates,
  });
