import { type CourseProgress, emptyProgress, isPassing, markComplete, markIncomplete } from "@koc/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useHydrated } from "../../../lib/hydration";
import { progressKey } from "../../../lib/progress-keys";
import { readProgress } from "../../../lib/progress-sync";
import { removeKey } from "../../../lib/storage";
import { storageKeys } from "../../../lib/storage-keys";
import { courseProgressQuery, useSaveProgress } from "../api/save-progress";

const NONE = emptyProgress();

/**
 * One course's progress: the course's progress query (kept in the browser by the query persister),
 * and the changes the learner makes to it. A signed-in learner's changes are also saved on the
 * server (useSaveProgress); a visitor's stay in the browser. A prerendered course page shows no
 * progress: the learner's is shown from the render after hydration.
 */
export function useCourseProgress(courseId: string, signedIn: boolean) {
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const { data } = useQuery(courseProgressQuery(courseId, signedIn && hydrated));
  const save = useSaveProgress(courseId);
  const { mutate } = save;
  const progress = hydrated ? data : NONE;

  const update = useCallback(
    (fn: (p: CourseProgress) => CourseProgress) => {
      const key = progressKey(courseId);
      const previous = queryClient.getQueryData<CourseProgress>(key) ?? readProgress(courseId);
      const next = fn(previous);
      if (next === previous) return;
      queryClient.setQueryData(key, next);
      if (signedIn) mutate({ next, previous });
    },
    [courseId, signedIn, queryClient, mutate],
  );

  const complete = useCallback((id: string) => update((p) => markComplete(p, id)), [update]);
  const uncomplete = useCallback((id: string) => update((p) => markIncomplete(p, id)), [update]);

  /** A quiz result: the score is kept; 80% or more unlocks the knowledge section and completes the topic. */
  const recordQuiz = useCallback(
    (id: string, score: number) =>
      update((p) => {
        const withScore = { ...p, topicProgress: { ...p.topicProgress, [id]: score } };
        if (!isPassing(score)) return withScore;
        const unlocked = withScore.knowledgeUnlocked.includes(id)
          ? withScore
          : { ...withScore, knowledgeUnlocked: [...withScore.knowledgeUnlocked, id] };
        return markComplete(unlocked, id);
      }),
    [update],
  );

  /** Back to nothing, with the certificate flag (after unenrolling). */
  const reset = useCallback(() => {
    update(() => emptyProgress());
    removeKey(storageKeys.progress(courseId));
    removeKey(storageKeys.certificate(courseId));
  }, [courseId, update]);

  return { progress, save, complete, uncomplete, recordQuiz, reset };
}
