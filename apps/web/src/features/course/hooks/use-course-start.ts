import type { Course, MaterialSummary } from "@koc/shared";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAlerts } from "../../../components/alerts";
import { enrollmentsQuery, useEnroll } from "../../../lib/enrollments-api";
import { type startCourse, withNext } from "../../../lib/next-path";
import { paths } from "../../../lib/paths";
import { useSession } from "../../../lib/session";

interface CourseStartInput {
  course: Course | undefined;
  materials: MaterialSummary[];
  /** The first lesson not yet completed (lesson 1 for a newcomer). */
  nextLesson: MaterialSummary | undefined;
  openLesson: (materialId: string, options?: { replace?: boolean }) => void;
}

/**
 * Start Learning Now: a visitor is asked to register (with a way to sign in instead), both coming
 * back here; a learner not yet enrolled is enrolled in the same click; then the next lesson opens.
 * Arriving from sign-in (navigation state `startCourse`) does the same once, in place of this entry.
 */
export function useCourseStart({ course, materials, nextLesson, openLesson }: CourseStartInput) {
  const { user } = useSession();
  const { notify } = useAlerts();
  const navigate = useNavigate();
  const location = useLocation();
  const email = user?.email ?? "";
  const enrollments = useQuery({ ...enrollmentsQuery(email), enabled: Boolean(user) });
  const enroll = useEnroll(email);
  const enrolled = Boolean(course && enrollments.data?.some((c) => c._id === course._id));

  const start = useCallback(
    (replace = false) => {
      if (!course) return;
      if (!user) {
        navigate(withNext(paths.register, paths.course(course._id)));
        return;
      }
      if (!enrolled) {
        // A premium course refuses a free learner (with the reason); its first lesson stays open to preview.
        enroll.mutate(course, {
          onSuccess: () => notify(`Successfully enrolled in ${course.title}!`, "success"),
          onError: (err) => notify(err.message || "Could not enroll. Please try again.", "error"),
        });
      }
      const target = nextLesson ?? materials[0];
      if (target) openLesson(target._id, { replace });
    },
    [course, user, enrolled, enroll, notify, navigate, nextLesson, materials, openLesson],
  );

  // Back from sign-in: once the enrolments are known (not the browser's placeholder), start here.
  const started = useRef(false);
  const arriving = Boolean((location.state as typeof startCourse | null)?.startCourse);
  const ready = Boolean(
    user && course && materials.length > 0 && enrollments.isSuccess && !enrollments.isPlaceholderData,
  );
  useEffect(() => {
    if (!arriving || !ready || started.current) return;
    started.current = true;
    start(true);
  }, [arriving, ready, start]);

  return { start: () => start(false), enrolled };
}
