import { type QuizAttemptResult, quizAttemptResult } from "@koc/shared";
import { ApiError, api, isNetworkFailure } from "../api-client";
import { currentOwner, deleteQueuedAttempt, enqueueAttempt, listQueuedAttempts, type QueuedAttempt } from "./store";

/**
 * Quiz answers made offline wait in IndexedDB and are sent, in the order they were made, when the
 * connection returns; the server grades them like any other attempt, and nothing counts before it
 * has (docs/decisions/0029-offline-learning.md).
 */
export type GradeOutcome = { queued: false; result: QuizAttemptResult } | { queued: true; waiting: number };

export interface GradedEvent {
  attempt: QueuedAttempt;
  /** The server's grade, or its refusal's message (a quiz that no longer exists, a premium lock). */
  result?: QuizAttemptResult;
  refused?: string;
}

/** "change": the number waiting changed; "graded": the server answered one (detail: GradedEvent). */
export const attemptEvents = new EventTarget();

async function announceCount(owner: string) {
  const waiting = (await listQueuedAttempts(owner)).length;
  attemptEvents.dispatchEvent(new CustomEvent("change", { detail: waiting }));
  return waiting;
}

export async function waitingCount(): Promise<number> {
  const owner = currentOwner();
  return owner ? (await listQueuedAttempts(owner)).length : 0;
}

/**
 * Sends a quiz attempt; a signed-in learner's attempt that cannot reach the server (offline) is
 * queued instead. A visitor's is not: their pass travels as a receipt the server signs online.
 */
export async function gradeOrQueue(
  path: "/quiz/attempts" | "/quiz/course-attempts",
  body: { materialId: string; answers: number[] } | { courseId: string; answers: number[] },
  label: string,
): Promise<GradeOutcome> {
  const owner = currentOwner();
  const queue = async (): Promise<GradeOutcome> => {
    if (!owner) throw new Error("You are offline. Connect to the internet to have this quiz graded.");
    const ref = "materialId" in body ? { materialId: body.materialId } : { courseId: body.courseId };
    await enqueueAttempt({ owner, path, body, label, ref, queuedAt: new Date().toISOString() });
    return { queued: true, waiting: await announceCount(owner) };
  };
  if (typeof navigator !== "undefined" && navigator.onLine === false) return queue();
  try {
    return { queued: false, result: await api(path, { method: "POST", body, schema: quizAttemptResult }) };
  } catch (err) {
    if (isNetworkFailure(err)) return queue();
    throw err;
  }
}

let flushing: Promise<void> | undefined;

/**
 * Sends the waiting attempts one after another. A network failure or the server's rate limit (429)
 * stops the round and leaves the rest waiting; any other refusal drops that attempt and says so.
 */
export function flushAttempts(): Promise<void> {
  flushing ??= (async () => {
    const owner = currentOwner();
    if (!owner) return;
    try {
      for (const attempt of await listQueuedAttempts(owner)) {
        if (currentOwner() !== owner || attempt.id === undefined) return;
        let graded: GradedEvent;
        try {
          const result = await api(attempt.path, { method: "POST", body: attempt.body, schema: quizAttemptResult });
          graded = { attempt, result };
        } catch (err) {
          if (!(err instanceof ApiError) || err.status === 429 || err.status >= 500) return;
          graded = { attempt, refused: err.message };
        }
        await deleteQueuedAttempt(attempt.id);
        attemptEvents.dispatchEvent(new CustomEvent("graded", { detail: graded }));
        await announceCount(owner);
      }
    } finally {
      flushing = undefined;
    }
  })();
  return flushing;
}
