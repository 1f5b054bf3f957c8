import {
  type CourseProgress,
  type CourseProgressBody,
  emptyProgress,
  mergeProgress,
  normaliseProgress,
  redeemReceiptsResult,
  storageKeys,
  storedCourseProgress,
  storedCourseProgressList,
} from "@koc/shared";
import { api } from "./api-client";
import { keysWithPrefix, readJson, readToken, removeKey, writeJson } from "./storage";

const PREFIX = storageKeys.progress("");

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
 * progress_{courseId} becomes a cache of what the server says.
 */
export async function putProgress(courseId: string, progress: CourseProgress): Promise<CourseProgress> {
  const stored = await api(`/progress/${encodeURIComponent(courseId)}${zoneQuery()}`, {
    method: "PUT",
    body: toBody(progress),
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
      const local = normaliseProgress(readJson<unknown>(storageKeys.progress(courseId), null));
      const remote = fromServer.get(courseId) ?? emptyProgress();
      const merged = mergeProgress(local, remote);
      if (fromServer.has(courseId) && sameProgress(merged, remote)) {
        writeJson(storageKeys.progress(courseId), remote);
        return;
      }
      writeJson(storageKeys.progress(courseId), merged);
      await putProgress(courseId, merged).catch(() => undefined);
    }),
  );
}

/**
 * When a logged-in learner opens a course: merges the server's record for it into the browser's
 * (another device may have completed topics since login), and keeps the server's answer. A failed
 * read throws (the query shows it and retries); a failed send keeps the merged record in the browser.
 */
export async function pullCourseProgress(courseId: string, signal?: AbortSignal): Promise<CourseProgress | null> {
  if (!readToken()) return null;
  const remote = normaliseProgress(
    await api(`/progress/${encodeURIComponent(courseId)}${zoneQuery()}`, {
      schema: storedCourseProgress,
      ...(signal ? { signal } : {}),
    }),
  );
  const local = normaliseProgress(readJson<unknown>(storageKeys.progress(courseId), null));
  const merged = mergeProgress(local, remote);
  if (sameProgress(merged, remote)) {
    writeJson(storageKeys.progress(courseId), remote);
    return remote;
  }
  writeJson(storageKeys.progress(courseId), merged);
  return await putProgress(courseId, merged).catch(() => merged);
}
