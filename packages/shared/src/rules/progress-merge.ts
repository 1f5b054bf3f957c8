import { z } from "zod";
import { type CourseProgress, emptyProgress, xpFor } from "./progress.js";

/**
 * Merges two records of one course's progress (the browser's and the server's) so that nothing
 * earned on either side is lost:
 * - completed and knowledgeUnlocked: the union (first record's order, then the second's new ids);
 * - topicProgress: the best score per lesson;
 * - xp: recomputed as 50 per completed lesson, exactly what markComplete/markIncomplete would give,
 *   plus the trials' xp the server counted (a record's xp beyond 50 per completed lesson; the larger);
 * - streak: the larger of the two (a streak only ever grows, so the larger one is the true one).
 * The rule is symmetric in content: merge(a, b) and merge(b, a) hold the same ids, scores, xp and streak.
 */
/** The xp a record holds beyond its completed lessons': the server's XP_PER_TRIAL per passed trial. */
const trialXp = (p: CourseProgress) => Math.max(0, p.xp - xpFor(p.completed.length));

export function mergeProgress(a: CourseProgress, b: CourseProgress): CourseProgress {
  const union = (x: string[], y: string[]) => [...new Set([...x, ...y])];
  const completed = union(a.completed, b.completed);
  // A Map, not a plain object: ids such as "constructor" or "__proto__" must not meet Object.prototype.
  const best = new Map(Object.entries(a.topicProgress));
  for (const [id, score] of Object.entries(b.topicProgress)) best.set(id, Math.max(best.get(id) ?? 0, score));
  const topicProgress: Record<string, number> = Object.fromEntries(best);
  return {
    completed,
    knowledgeUnlocked: union(a.knowledgeUnlocked, b.knowledgeUnlocked),
    topicProgress,
    xp: xpFor(completed.length) + Math.max(trialXp(a), trialXp(b)),
    streak: Math.max(a.streak, b.streak),
  };
}

/** Lesson ids: strings, or lesson indexes as numbers (an older client's records); anything else is dropped, duplicates too. */
const storedIds = z
  .array(
    z
      .union([z.string(), z.number().transform(String)])
      .nullable()
      .catch(null),
  )
  .catch([])
  .transform((list) => [...new Set(list.filter((id): id is string => id !== null))]);

/** xp and streak: a whole, non-negative number, else 0. */
const storedCount = z.number().nonnegative().catch(0).transform(Math.floor);

/**
 * Scores in percent, clamped to 0-100; a Map and Object.fromEntries, not zod's record, so that ids
 * such as "__proto__" stay ordinary keys.
 */
const storedScores = z
  .unknown()
  .optional()
  .transform((record) => {
    const scores = new Map<string, number>();
    if (!record || typeof record !== "object" || Array.isArray(record)) return {};
    for (const [id, s] of Object.entries(record)) {
      if (typeof s === "number" && Number.isFinite(s)) scores.set(id, Math.min(100, Math.max(0, s)));
    }
    return Object.fromEntries(scores);
  });

/**
 * progress_{courseId} as the browser stores it, in either of its two shapes (ids, or an older client's indexes): every field has a
 * default, so a missing, corrupt or foreign value reads as empty progress instead of failing.
 */
export const storedProgressRecord = z
  .object({
    completed: storedIds,
    knowledgeUnlocked: storedIds,
    topicProgress: storedScores,
    xp: storedCount,
    streak: storedCount,
  })
  .catch(() => emptyProgress());

/** Reads a stored record of unknown shape (either spec reading) as a full CourseProgress. */
export function normaliseProgress(value: unknown): CourseProgress {
  return storedProgressRecord.parse(value);
}
