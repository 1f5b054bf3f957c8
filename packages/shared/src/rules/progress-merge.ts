import { type CourseProgress, XP_PER_MATERIAL } from "./progress.js";

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
const trialXp = (p: CourseProgress) => Math.max(0, p.xp - p.completed.length * XP_PER_MATERIAL);

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
    xp: completed.length * XP_PER_MATERIAL + Math.max(trialXp(a), trialXp(b)),
    streak: Math.max(a.streak, b.streak),
  };
}

/** Reads a stored record of unknown shape (either spec reading) as a full CourseProgress. */
export function normaliseProgress(value: unknown): CourseProgress {
  const v = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const ids = (x: unknown) =>
    Array.isArray(x) ? [...new Set(x.filter((i) => typeof i === "string" || typeof i === "number").map(String))] : [];
  const scores = new Map<string, number>();
  if (v.topicProgress && typeof v.topicProgress === "object") {
    for (const [id, s] of Object.entries(v.topicProgress as Record<string, unknown>)) {
      if (typeof s === "number" && Number.isFinite(s)) scores.set(id, Math.min(100, Math.max(0, s)));
    }
  }
  const count = (x: unknown) => (typeof x === "number" && Number.isFinite(x) && x > 0 ? Math.floor(x) : 0);
  return {
    completed: ids(v.completed),
    knowledgeUnlocked: ids(v.knowledgeUnlocked),
    topicProgress: Object.fromEntries(scores),
    xp: count(v.xp),
    streak: count(v.streak),
  };
}
