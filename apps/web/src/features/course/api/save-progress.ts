import type { CourseProgress } from "@koc/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { putProgress } from "../../../lib/progress-sync";

/**
 * PUT /api/progress/{courseId} for a signed-in learner. One scope per course runs the saves one
 * after another in the order they were made; offline they wait (TanStack Query pauses mutations
 * while the browser is offline) and go out in order when the network returns. The server's answer
 * is adopted only when no newer save is queued behind it.
 */
export function useSaveProgress(courseId: string, onSaved: (server: CourseProgress) => void) {
  const queryClient = useQueryClient();
  const mutationKey = ["progress", courseId];
  return useMutation({
    mutationKey,
    scope: { id: `progress-${courseId}` },
    mutationFn: (progress: CourseProgress) => putProgress(courseId, progress),
    retry: 3,
    onSuccess: (server) => {
      if (queryClient.isMutating({ mutationKey }) <= 1) onSaved(server);
    },
  });
}

/** What the learner should know about the server copy of their progress; nothing while all is well. */
export function saveProblem(save: { isPaused: boolean; isPending: boolean; isError: boolean; failureCount: number }) {
  if (save.isPaused) return "Not saved yet: you are offline. Your progress is kept here and saved when you are back.";
  if (save.isPending && save.failureCount > 0) return "Not saved yet, retrying...";
  if (save.isError) return "Your progress could not be saved on the server. It is kept in this browser.";
  return undefined;
}
