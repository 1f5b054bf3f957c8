import type { MaterialSummary } from "@koc/shared";
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { courseQuery } from "../../../lib/catalogue-api";
import { recordRecentCourse } from "../../../lib/recent-courses";
import { courseMaterialsQuery } from "../api/get-course-materials";
import { materialQuery } from "../api/get-material";

export type Viewer = "visitor" | "free" | "premium";

/**
 * A course and its lesson list, as `viewer` may see them. A course shown is remembered among the
 * recent courses; a failed request is logged for whoever investigates.
 */
export function useCourse(id: string, viewer: Viewer) {
  const [courseResult, materialsResult] = useQueries({
    queries: [courseQuery(id), courseMaterialsQuery(id, viewer)],
  });
  const course = courseResult.data;

  useEffect(() => {
    const err = courseResult.error ?? materialsResult.error;
    if (err) console.warn("Error fetching course details:", err.message);
  }, [courseResult.error, materialsResult.error]);

  useEffect(() => {
    if (course) recordRecentCourse(course);
  }, [course]);

  return {
    course,
    courseResult,
    materials: materialsResult.data ?? [],
    materialsResult,
    loading: courseResult.isPending || materialsResult.isPending,
  };
}

/** The learner is likely to read on: fetches the lesson after the open one while they read it. */
export function usePrefetchNextLesson(expanded: string | null, materials: MaterialSummary[], viewer: Viewer) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!expanded) return;
    const at = materials.findIndex((m) => m._id === expanded);
    const next = materials[at + 1];
    if (at >= 0 && next?.open) void queryClient.prefetchQuery(materialQuery(next._id, viewer));
  }, [expanded, materials, queryClient, viewer]);
}
