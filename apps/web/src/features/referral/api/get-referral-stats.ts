import { referralStats } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** GET /api/referral/stats/{email}: the signed-in learner's own code, credits and friends. */
export const referralStatsQuery = (email: string) =>
  queryOptions({
    queryKey: ["referral", "stats", email],
    queryFn: ({ signal }) => api(`/referral/stats/${encodeURIComponent(email)}`, { schema: referralStats, signal }),
    // One quiet automatic retry; after that the section offers its own Retry.
    retry: 1,
  });
