import {
  type QuizAttemptResult,
  quizAttemptResult,
  type SubmissionRequest,
  type SubmissionResult,
  submissionResult,
} from "@koc/shared";
import { ApiError, api, isNetworkFailure } from "../api-client";
import { currentOwner, deleteQueuedAttempt, enqueueAttempt, listQueuedAttempts, type QueuedAttempt } from "./store";

/**
 * Quiz answers and trial submissions made offline wait in IndexedDB and are sent, in the order they
 * were made, when the connection returns; the server grades them like any other attempt, and
 * nothing counts before it has (docs/decisions/0029-offline-learning.md).
 */
export type Outcome<T> = { queued: false; result: T } | { queued: true; waiting: number };
export type GradeOutcome = Outcome<QuizAttemptResult>;
export type SubmitOutcome = Outcome<SubmissionResult>;

export interface GradedEvent {
  attempt: QueuedAttempt;
  /** A quiz's grade from the server. */
  result?: QuizAttemptResult;
  /** A trial's verdict from the server (its cases, passed or not). */
  submission?: SubmissionResult;
  /** The server's refusal's message (a quiz or trial that no longer exists, a premium lock). */
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
 * Sends an attempt; a signed-in learner's attempt that cannot reach the server (offline, or the
 * connection lost before it answered) is queued instead. A visitor's is not: their pass travels as a
 * receipt the server signs online, so they are told to connect.
 */
async function sendOrQueue<T>(
  entry: Omit<QueuedAttempt, "id" | "owner" | "queuedAt">,
  send: () => Promise<T>,
  offline: string,
): Promise<Outcome<T>> {
  const owner = currentOwner();
  const queue = async (): Promise<Outcome<T>> => {
    if (!owner) throw new Error(offline);
    await enqueueAttempt({ ...entry, owner, queuedAt: new Date().toISOString() });
    return { queued: true, waiting: await announceCount(owner) };
  };
  if (typeof navigator !== "undefined" && navigator.onLine === false) return queue();
  try {
    return { queued: false, result: await send() };
  } catch (err) {
    if (isNetworkFailure(err)) return queue();
    throw err;
  }
}

/** Sends a quiz attempt, or queues it offline. */
export function gradeOrQueue(
  path: "/quiz/attempts" | "/quiz/course-attempts",
  body: { materialId: string; answers: number[] } | { courseId: string; answers: number[] },
  label: string,
): Promise<GradeOutcome> {
  const ref = "materialId" in body ? { materialId: body.materialId } : { courseId: body.courseId };
  return sendOrQueue(
    { kind: "quiz", path, body, label, ref },
    () => api(path, { method: "POST", body, schema: quizAttemptResult }),
    "You are offline. Connect to the internet to have this quiz graded.",
  );
}

/** A trial's submission path: the only one a queued trial attempt may be sent to. */
const submissionPath = (exerciseId: string) => `/exercises/${encodeURIComponent(exerciseId)}/submissions`;

/**
 * Submits a trial (its code, or a project's files), or queues it offline; `send` is the online
 * call (it carries a visitor's help header). Java is graded on the server too, so it queues the same.
 */
export function submitOrQueue(
  ref: { exerciseId: string; materialId: string; courseId: string },
  body: SubmissionRequest,
  label: string,
  send: () => Promise<SubmissionResult>,
): Promise<SubmitOutcome> {
  return sendOrQueue(
    { kind: "trial", path: submissionPath(ref.exerciseId), body, label, ref },
    send,
    "You are offline. Connect to the internet to have this trial judged.",
  );
}

/**
 * Whether a queued record goes where attempts go. The record is the browser's own and may have
 * been edited: it is sent only to a quiz's or its trial's endpoint, and the server grades its body
 * like any other (a "passed" written into it means nothing there).
 */
function sendable(attempt: QueuedAttempt): boolean {
  if (attempt.kind === "quiz") return attempt.path === "/quiz/attempts" || attempt.path === "/quiz/course-attempts";
  const id = attempt.ref?.exerciseId;
  return attempt.kind === "trial" && typeof id === "string" && attempt.path === submissionPath(id);
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
          if (!sendable(attempt)) graded = { attempt, refused: "not an attempt this app sends" };
          else if (attempt.kind === "trial") {
            const submission = await api(attempt.path, {
              method: "POST",
              body: attempt.body,
              schema: submissionResult,
            });
            graded = { attempt, submission };
          } else {
            const result = await api(attempt.path, { method: "POST", body: attempt.body, schema: quizAttemptResult });
            graded = { attempt, result };
          }
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
