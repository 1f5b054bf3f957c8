import { useMutation, useQueryClient } from "@tanstack/react-query";
import { enrollmentsQuery } from "../../../lib/enrollments-api";
import { progressKey } from "../../../lib/progress-keys";
import { progressListKeyPrefix } from "../../../lib/progress-list";
import { restartCourse } from "../../../lib/progress-sync";

/**
 * "Start this course over": the server resets the course's progress; its answer becomes the course's
 * progress query (which the query persister keeps in the browser), and the dashboard's lists are read again.
 */
export function useRestartCourse(courseId: string, email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => restartCourse(courseId),
    onSuccess: (server) => {
      queryClient.setQueryData(progressKey(courseId), server);
      void queryClient.invalidateQueries({ queryKey: progressListKeyPrefix });
      void queryClient.invalidateQueries({ queryKey: enrollmentsQuery(email).queryKey });
    },
  });
}
