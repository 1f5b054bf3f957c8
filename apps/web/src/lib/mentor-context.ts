import type { MentorContext } from "@koc/shared";
import { useEffect, useSyncExternalStore } from "react";

/**
 * What the learner has in front of them, for Kattappa: the course page fills in the open lesson and
 * the code editor its code and language; the floating mentor reads it when a question is sent.
 * A tiny external store, so the pages that fill it need one line each.
 */
let current: MentorContext = {};
const listeners = new Set<() => void>();

function update(next: MentorContext) {
  current = next;
  for (const listener of listeners) listener();
}

export function readMentorContext(): MentorContext {
  return current;
}

export function useMentorContext(): MentorContext {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readMentorContext,
    readMentorContext,
  );
}

interface Shared {
  courseId?: string | null | undefined;
  materialId?: string | null | undefined;
  code?: string | undefined;
  language?: string | undefined;
  trialId?: string | null | undefined;
  /** The last error the editor showed; the mentor searches the lessons for its exception or message. */
  lastError?: string | undefined;
}

/** Shares these fields while the calling component is mounted (an empty field is left out). */
export function useShareWithMentor({ courseId, materialId, code, language, trialId, lastError }: Shared) {
  useEffect(() => {
    const shared: MentorContext = {};
    if (typeof courseId === "string" && courseId) shared.courseId = courseId;
    if (typeof materialId === "string" && materialId) shared.materialId = materialId;
    if (typeof code === "string") shared.code = code;
    if (language === "java" || language === "javascript" || language === "python") shared.language = language;
    if (typeof trialId === "string" && trialId) shared.trialId = trialId;
    // The contract takes at most 4000 characters; the first lines name the error.
    if (lastError) shared.lastError = lastError.slice(0, 4000);
    update({ ...current, ...shared });
    return () => {
      // Take back only what this component shared, and only if nobody replaced it since.
      const left = { ...current };
      if (shared.courseId && left.courseId === shared.courseId) delete left.courseId;
      if (shared.materialId && left.materialId === shared.materialId) delete left.materialId;
      if (shared.code !== undefined && left.code === shared.code) delete left.code;
      if (shared.language && left.language === shared.language) delete left.language;
      if (shared.trialId && left.trialId === shared.trialId) delete left.trialId;
      if (shared.lastError && left.lastError === shared.lastError) delete left.lastError;
      update(left);
    };
  }, [courseId, materialId, code, language, trialId, lastError]);
}
