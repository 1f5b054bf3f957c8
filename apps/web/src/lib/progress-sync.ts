import {
  type CourseProgress,
  type CourseProgressBody,
  emptyProgress,
  mergeProgress,
  normaliseProgress,
  storageKeys,
  storedCourseProgressList,
} from "@koc/shared";
import { api } from "./api-client";
import { keysWithPrefix, readJson, readToken, writeJson } from "./storage";

const PREFIX = storageKeys.progress("");

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

const put = (courseId: string, progress: CourseProgress) =>
  api(`/progress/${encodeURIComponent(courseId)}`, { method: "PUT", body: toBody(progress) });

/** Saves one course's progress on the server for a logged-in learner; fire-and-forget, failures ignored. */
export function pushProgress(courseId: string, progress: CourseProgress): void {
  if (!readToken()) return;
  put(courseId, progress).catch(() => undefined);
}

const sameProgress = (a: CourseProgress, b: CourseProgress) => JSON.stringify(toBody(a)) === JSON.stringify(toBody(b));

/**
 * Right after login: merges every course's progress from the server with the browser's
 * progress_{courseId} records (shared rule: nothing completed on either side is lost), writes the
 * result back to the browser and to the server.
 */
export async function mergeAllProgressAfterLogin(): Promise<void> {
  if (!readToken()) return;
  const server = await api("/progress", { schema: storedCourseProgressList });
  const fromServer = new Map<string, CourseProgress>(server.map((s) => [s.courseId, normaliseProgress(s)]));
  const courseIds = new Set([...fromServer.keys(), ...keysWithPrefix(PREFIX).map((k) => k.slice(PREFIX.length))]);
  await Promise.all(
    [...courseIds].map(async (courseId) => {
      const local = normaliseProgress(readJson<unknown>(storageKeys.progress(courseId), null));
      const remote = fromServer.get(courseId) ?? emptyProgress();
      const merged = mergeProgress(local, remote);
      writeJson(storageKeys.progress(courseId), merged);
      if (!fromServer.has(courseId) || !sameProgress(merged, remote)) {
        await put(courseId, merged).catch(() => undefined);
      }
    }),
  );
}

/**
 * When a logged-in learner opens a course: merges the server's record for it into the browser's
 * (another device may have completed lessons since login), saves both, and returns the result.
 */
export async function pullCourseProgress(courseId: string): Promise<CourseProgress | null> {
  if (!readToken()) return null;
  try {
    const remote = normaliseProgress(await api(`/progress/${encodeURIComponent(courseId)}`));
    const local = normaliseProgress(readJson<unknown>(storageKeys.progress(courseId), null));
    const merged = mergeProgress(local, remote);
    writeJson(storageKeys.progress(courseId), merged);
    if (!sameProgress(merged, remote)) await put(courseId, merged).catch(() => undefined);
    return merged;
  } catch {
    return null;
  }
}
