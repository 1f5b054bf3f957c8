import { materialList } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * GET /api/materials/course/{id}: the lesson list (no bodies, no answers). Which lessons are open
 * depends on who asks, so the viewer (visitor, free or premium learner) is part of the key.
 */
export const courseMaterialsQuery = (courseId: string, viewer: string) =>
  queryOptions({
    queryKey: ["materials", "course", courseId, viewer],
    queryFn: ({ signal }) => api(`/materials/course/${encodeURIComponent(courseId)}`, { schema: materialList, signal }),
    retry: false,
  });
