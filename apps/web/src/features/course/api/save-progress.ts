import type { CourseProgress } from "@koc/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { progressKey } from "../../../lib/progress-keys";
import { progressListKeyPrefix } from "../../../lib/progress-list";
import { pullCourseProgress, putProgress, readProgress } from "../../../lib/progress-sync";

/**
 * One course's progress, in the query cache (the query persister keeps its browser copy in
 * progress_{courseId}). It starts from that copy; for a signed-in learner it is then read from GET
 * /api/progress/{courseId} merged with the copy (another device may have completed topics since
 * login), and what only the browser knew is sent up. A visitor's progress lives in the browser only.
 */
export const courseProgressQuery = (courseId: string, signedIn: boolean) =>
  queryOptions({
    queryKey: progressKey(courseId),
    queryFn: async ({ signal }) => (await pullCourseProgress(courseId, signal)) ?? readProgress(courseId),
    initialData: () => readProgress(courseId),
    initialDataUpdatedAt: 0,
    enabled: signedIn,
  });

/** A refusal (4xx) is an answer: retrying it would only be refused again. */
const refused = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500;

/** How many times a failed save is tried again, waiting 1 s, 2 s, 4 s... (at most 30 s) in between. */
export const SAVE_RETRIES = 6;
export const saveRetryDelay = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);

export interface ProgressChange {
  /** The record to save. */
  next: CourseProgress;
  /** The record before this change: what a refused save rolls back to. */
  previous: CourseProgress;
}

/**
 * PUT /api/progress/{courseId} for a signed-in learner, as a TanStack Query mutation:
 * - one scope per course, so saves go out one after another in the order they were made;
 * - offline they pause (networkMode "online") and go out in order when the network returns;
 * - a failed request is retried with exponential backoff; a refusal (4xx) is not;
 * - the course's progress query holds the change at once, and is rolled back (and with it the
 *   browser copy) when the server refuses the save;
 * - the server's answer becomes the course's progress only when no newer save is queued behind it.
 */
export function useSaveProgress(courseId: string) {
  const queryClient = useQueryClient();
  const queryKey = progressKey(courseId);
  const mutationKey = ["progress", "save", courseId];
  return useMutation({
    mutationKey,
    scope: { id: `progress-${courseId}` },
    networkMode: "online",
    mutationFn: ({ next }: ProgressChange) => putProgress(courseId, next),
    retry: (failures, err) => !refused(err) && failures < SAVE_RETRIES,
    retryDelay: saveRetryDelay,
    onMutate: async ({ next }) => {
      // A read in flight would answer the record before this change.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, next);
    },
    onSuccess: (server) => {
      // The dashboard's list of every course's record is read again when next shown.
      void queryClient.invalidateQueries({ queryKey: progressListKeyPrefix });
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      queryClient.setQueryData(queryKey, server);
    },
    onError: (err, { previous }) => {
      if (refused(err)) queryClient.setQueryData(queryKey, previous);
    },
  });
}

export interface SaveState {
  isIdle: boolean;
  isPaused: boolean;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  failureCount: number;
  error: Error | null;
}

/** What the learner should know about the server copy of their progress; nothing before the first save. */
export function saveNote(save: SaveState): string | undefined {
  if (save.isPaused) return "Not saved yet: you are offline. Your progress is kept here and saved when you are back.";
  if (save.isPending && save.failureCount > 0) return "Not saved yet, retrying...";
  if (save.isError && refused(save.error)) return "The server did not accept this change, so it was undone.";
  if (save.isError) return "Your progress could not be saved on the server. It is kept in this browser.";
  if (save.isSuccess) return "Saved";
  return undefined;
}
