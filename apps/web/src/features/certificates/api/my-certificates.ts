import { myCertificatesResponse } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Every learner's list of certificates in the cache starts with this key (what an issue invalidates). */
export const myCertificatesKeyPrefix = ["certificates", "mine"] as const;

/** GET /api/certificates: the signed-in learner's own certificates, newest first. */
export const myCertificatesQuery = (email: string) =>
  queryOptions({
    queryKey: [...myCertificatesKeyPrefix, email],
    queryFn: async ({ signal }) =>
      (await api("/certificates", { schema: myCertificatesResponse, signal })).certificates,
  });
