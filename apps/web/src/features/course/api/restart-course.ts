import type { CourseProgress } from "@koc/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { enrollmentsQuery } from "../../../lib/enrollments-api";
import { progressListQuery } from "../../../lib/progress-list";
import { restartCourse } from "../../../lib/progress-sync";
import { courseProgressQuery } from "./save-progress";

/**
 * "Start this course over": the server resets the course's progress; its answer becomes the course's
 * record here, and the dashboard's lists are read again.
 */
export function useRestartCourse(courseId: string, email: string, onServerRecord: (p: CourseProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => restartCourse(courseId),
    onSuccess: (server) => {
      queryClient.setQueryData(courseProgressQuery(courseId, email).queryKey, server);
      onServerRecord(server);
      void queryClient.invalidateQueries({ queryKey: progressListQuery(email).queryKey });
      void queryClient.invalidateQueries({ queryKey: enrollmentsQuery(email).queryKey });
    },
  });
}
