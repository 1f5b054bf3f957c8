import {
  type CourseProgress,
  type CourseProgressBody,
  emptyProgress,
  mergeProgress,
  normaliseProgress,
  redeemReceiptsResult,
  storedCourseProgress,
  storedCourseProgressList,
} from "@koc/shared";
import { api } from "./api-client";
import { keysWithPrefix, readJson, readToken, removeKey, writeJson } from "./storage";
import { storageKeys } from "./storage-keys";

const PREFIX = storageKeys.progress("");

/** Reads progress_{courseId}, accepting both record shapes a browser may hold (the shared schema). */
export const readProgress = (courseId: string): CourseProgress =>
  normaliseProgress(readJson<unknown>(storageKeys.progress(courseId), null));

/** The learner's IANA time zone: the server counts the streak in their calendar days. */
export const zoneQuery = () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? `?timeZone=${encodeURIComponent(zone)}` : "";
};

/** The server's limits (contracts/progress.ts): cap what we send so a huge local record never fails. */
function toBody(p: CourseProgress): CourseProgressBody {
  const ids = (list: string[]) => list.filter((id) => id.length > 0 && id.length <= 200).slice(0, 1000);
  const topicProgress = Object.fromEntries(
    Object.entries(p.topicProgress)
      .filter(([id]) => id.length > 0 && id.length <= 200)
      .slice(0, 1000)
      .map(([id, score]) => [id, Math.min(100, Math.max(0, score))]),
  );
  const count = (n: number) => Math.min(1_000_000, Math.max(0, Math.floor(n)));
  return {
    completed: ids(p.completed),
    knowledgeUnlocked: ids(p.knowledgeUnlocked),
    topicProgress,
    xp: count(p.xp),
    streak: count(p.streak),
  };
}

/**
 * Sends the browser's record (which topics the learner marked completed) and keeps the server's
 * answer: the server accepts only completions backed by a recorded pass and computes the rest, so
 * the course's progress (and its browser copy progress_{courseId}) becomes what the server says.
 */
export async function putProgress(courseId: string, progress: CourseProgress): Promise<CourseProgress> {
  const stored = await api(`/progress/${encodeURIComponent(courseId)}${zoneQuery()}`, {
    method: "PUT",
    body: toBody(progress),
    schema: storedCourseProgress,
  });
  return normaliseProgress(stored);
}

/**
 * POST /api/courses/{courseId}/restart: the server forgets the course's passes, completions and
 * trials; its empty record replaces the browser's copy (which would otherwise be sent up again).
 */
export async function restartCourse(courseId: string): Promise<CourseProgress> {
  const stored = await api(`/courses/${encodeURIComponent(courseId)}/restart${zoneQuery()}`, {
    method: "POST",
    body: {},
    schema: storedCourseProgress,
  });
  const server = normaliseProgress(stored);
  writeJson(storageKeys.progress(courseId), server);
  return server;
}

/** Keeps a visitor's quiz receipt until they register or sign in. */
export function keepReceipt(receipt: string): void {
  const list = readJson<unknown>(storageKeys.quizReceipts, []);
  const receipts = Array.isArray(list) ? list.filter((r): r is string => typeof r === "string") : [];
  writeJson(storageKeys.quizReceipts, [...receipts, receipt].slice(-500));
}

/** Hands the visitor's receipts to the server once signed in; the server counts each genuine one once. */
export async function redeemReceipts(): Promise<void> {
  const list = readJson<unknown>(storageKeys.quizReceipts, []);
  const quiz = Array.isArray(list) ? list.filter((r): r is string => typeof r === "string") : [];
  // The visitor's places on trials' ladders of help travel with them, so hints and reveals carry over.
  const help = readJson<unknown>(storageKeys.trialHelp, {});
  const helpStates =
    help && typeof help === "object" ? Object.values(help).filter((t): t is string => typeof t === "string") : [];
  const receipts = [...quiz, ...helpStates].slice(-500);
  if (receipts.length > 0) {
    await api("/quiz/receipts", { method: "POST", body: { receipts }, schema: redeemReceiptsResult });
  }
  removeKey(storageKeys.quizReceipts);
  removeKey(storageKeys.trialHelp);
}

const sameProgress = (a: CourseProgress, b: CourseProgress) => JSON.stringify(toBody(a)) === JSON.stringify(toBody(b));

/**
 * Right after login: the visitor's receipts are redeemed, then every course's record from the server
 * is merged with the browser's progress_{courseId} (nothing completed on either side is lost), sent
 * back, and the server's answer is kept in the browser.
 */
export async function mergeAllProgressAfterLogin(): Promise<void> {
  if (!readToken()) return;
  await redeemReceipts().catch(() => undefined);
  const server = await api(`/progress${zoneQuery()}`, { schema: storedCourseProgressList });
  const fromServer = new Map<string, CourseProgress>(server.map((s) => [s.courseId, normaliseProgress(s)]));
  const courseIds = new Set([...fromServer.keys(), ...keysWithPrefix(PREFIX).map((k) => k.slice(PREFIX.length))]);
  await Promise.all(
    [...courseIds].map(async (courseId) => {
      const local = readProgress(courseId);
      const remote = fromServer.get(courseId) ?? emptyProgress();
      const merged = mergeProgress(local, remote);
      if (fromServer.has(courseId) && sameProgress(merged, remote)) {
        writeJson(storageKeys.progress(courseId), remote);
        return;
      }
      writeJson(storageKeys.progress(courseId), merged);
      const saved = await putProgress(courseId, merged).catch(() => undefined);
      if (saved) writeJson(storageKeys.progress(courseId), saved);
    }),
  );
}

/**
 * When a logged-in learner opens a course: merges the server's record for it into the browser's
 * (another device may have completed topics since login) and answers the server's record after the
 * merge (the query persister keeps it in the browser). A failed read throws (the query shows it and
 * retries); a failed send answers the merged record.
 */
export async function pullCourseProgress(courseId: string, signal?: AbortSignal): Promise<CourseProgress | null> {
  if (!readToken()) return null;
  const remote = normaliseProgress(
    await api(`/progress/${encodeURIComponent(courseId)}${zoneQuery()}`, {
      schema: storedCourseProgress,
      ...(signal ? { signal } : {}),
    }),
  );
  const merged = mergeProgress(readProgress(courseId), remote);
  if (sameProgress(merged, remote)) return remote;
  return await putProgress(courseId, merged).catch(() => merged);
}
