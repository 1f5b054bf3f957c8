import type { CourseProgress } from "@koc/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { pullCourseProgress, putProgress } from "../../../lib/progress-sync";
import { writeJson } from "../../../lib/storage";
import { storageKeys } from "../../../lib/storage-keys";

/** The server's record of one course for one learner (merged with the browser's), in the query cache. */
const courseProgressKey = (courseId: string, email: string) => ["progress", courseId, email] as const;

/**
 * GET /api/progress/{courseId} for a signed-in learner, merged with the browser's progress_{courseId}
 * (another device may have completed topics since login); what only the browser knew is sent up.
 */
export const courseProgressQuery = (courseId: string, email: string) =>
  queryOptions({
    queryKey: courseProgressKey(courseId, email),
    queryFn: ({ signal }) => pullCourseProgress(courseId, signal),
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
 * - the course's progress query is updated at once, and rolled back (with the browser's copy) when the
 *   server refuses the save;
 * - the server's answer is adopted only when no newer save is queued behind it.
 */
export function useSaveProgress(courseId: string, email: string, onServerRecord: (p: CourseProgress) => void) {
  const queryClient = useQueryClient();
  const { queryKey } = courseProgressQuery(courseId, email);
  const mutationKey = ["progress", "save", courseId];
  return useMutation({
    mutationKey,
    scope: { id: `progress-${courseId}` },
    networkMode: "online",
    mutationFn: ({ next }: ProgressChange) => putProgress(courseId, next),
    retry: (failures, err) => !refused(err) && failures < SAVE_RETRIES,
    retryDelay: saveRetryDelay,
    onMutate: async ({ next, previous }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey) ?? previous;
      queryClient.setQueryData(queryKey, next);
      return { before };
    },
    onSuccess: (server) => {
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      queryClient.setQueryData(queryKey, server);
      onServerRecord(server);
    },
    onError: (err, _change, context) => {
      if (!context || !refused(err)) return;
      queryClient.setQueryData(queryKey, context.before);
      writeJson(storageKeys.progress(courseId), context.before);
      onServerRecord(context.before);
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
