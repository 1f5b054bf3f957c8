import type { MaterialSummary } from "@koc/shared";
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { courseQuery } from "../../../lib/catalogue-api";
import { isLowData } from "../../../lib/low-data";
import { attemptEvents, type GradedEvent } from "../../../lib/offline/attempts";
import { progressKey } from "../../../lib/progress-keys";
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

/**
 * The learner is likely to read on: fetches the lesson after the open one while they read it (not in
 * the low-data setting).
 */
export function usePrefetchNextLesson(expanded: string | null, materials: MaterialSummary[], viewer: Viewer) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!expanded || isLowData()) return;
    const at = materials.findIndex((m) => m._id === expanded);
    const next = materials[at + 1];
    if (at >= 0 && next?.open) void queryClient.prefetchQuery(materialQuery(next._id, viewer));
  }, [expanded, materials, queryClient, viewer]);
}

/**
 * A quiz answered offline is graded once the connection returns: a grade of one of this course's
 * topics is recorded like one made online, and a signed-in learner's progress is read again. So is
 * it after a trial of this course submitted offline passed (even when its lesson is now closed).
 */
export function useOfflineGrades(
  courseId: string,
  materials: MaterialSummary[],
  recordQuiz: (materialId: string, score: number) => void,
  signedIn: boolean,
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onGraded = (e: Event) => {
      const { attempt, result, submission } = (e as CustomEvent<GradedEvent>).detail;
      if (submission?.passed && attempt.ref.courseId === courseId) {
        if (signedIn) void queryClient.invalidateQueries({ queryKey: progressKey(courseId) });
        void queryClient.invalidateQueries({ queryKey: ["exercises", "list", courseId] });
        return;
      }
      const materialId = attempt.ref.materialId;
      if (!result || !materialId || !materials.some((m) => m._id === materialId)) return;
      recordQuiz(materialId, result.score);
      if (signedIn) void queryClient.invalidateQueries({ queryKey: progressKey(courseId) });
    };
    attemptEvents.addEventListener("graded", onGraded);
    return () => attemptEvents.removeEventListener("graded", onGraded);
  }, [courseId, materials, recordQuiz, signedIn, queryClient]);
}
