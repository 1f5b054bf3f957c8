import {
  type CourseProgress,
  emptyProgress,
  isPassing,
  markComplete,
  markIncomplete,
  normaliseProgress,
} from "@koc/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { isHydrating } from "../../../lib/hydration";
import { readJson, removeKey, writeJson } from "../../../lib/storage";
import { storageKeys } from "../../../lib/storage-keys";

/** Reads progress_{courseId}, accepting both record shapes older clients wrote (the shared schema). */
export const readProgress = (courseId: string): CourseProgress =>
  normaliseProgress(readJson<unknown>(storageKeys.progress(courseId), null));

/**
 * One course's progress: restored from the browser when the course opens, saved on every change,
 * and handed to `onChange` with the record it replaces (server sync for logged-in learners).
 */
export function useCourseProgress(
  courseId: string,
  onChange?: (next: CourseProgress, previous: CourseProgress) => void,
) {
  // A prerendered course page shows no progress; the browser's record is read just after (effect below).
  const [progress, setProgress] = useState<CourseProgress>(() =>
    isHydrating() ? emptyProgress() : readProgress(courseId),
  );
  const current = useRef(progress);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    current.current = readProgress(courseId);
    setProgress(current.current);
  }, [courseId]);

  const update = useCallback(
    (fn: (p: CourseProgress) => CourseProgress) => {
      const previous = current.current;
      const next = fn(previous);
      if (next === previous) return;
      current.current = next;
      setProgress(next);
      writeJson(storageKeys.progress(courseId), next);
      onChangeRef.current?.(next, previous);
    },
    [courseId],
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

  const reset = useCallback(() => {
    removeKey(storageKeys.progress(courseId));
    removeKey(storageKeys.certificate(courseId));
    const previous = current.current;
    const empty = emptyProgress();
    current.current = empty;
    setProgress(empty);
    onChangeRef.current?.(empty, previous);
  }, [courseId]);

  /** Adopts a record that is already saved (e.g. merged with the server's); no onChange. */
  const adopt = useCallback((p: CourseProgress) => {
    current.current = p;
    setProgress(p);
  }, []);

  return { progress, complete, uncomplete, recordQuiz, reset, adopt };
}
