import { storedCourseProgressList } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client";

/** Every signed-in learner's list of course records (their email follows). */
export const progressListKeyPrefix = ["progress", "all"] as const;

/** GET /api/progress: the signed-in learner's record of every course they have progress in. */
export const progressListQuery = (email: string) =>
  queryOptions({
    queryKey: [...progressListKeyPrefix, email],
    queryFn: ({ signal }) => {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const query = zone ? `?timeZone=${encodeURIComponent(zone)}` : "";
      return api(`/progress${query}`, { schema: storedCourseProgressList, signal });
    },
  });
