/** Progress rules: xp, levels, streaks, completion and achievements. */
export const XP_PER_MATERIAL = 50;
export const XP_PER_LEVEL = 200;

/** One course's progress, stored in the browser as progress_{courseId}. */
export interface CourseProgress {
  completed: string[];
  knowledgeUnlocked: string[];
  /** material id -> best quiz score in percent */
  topicProgress: Record<string, number>;
  xp: number;
  streak: number;
}

export const emptyProgress = (): CourseProgress => ({
  completed: [],
  knowledgeUnlocked: [],
  topicProgress: {},
  xp: 0,
  streak: 0,
});

/** Marking a material complete adds it, +50 xp and +1 streak. Completing twice changes nothing. */
export function markComplete(progress: CourseProgress, materialId: string): CourseProgress {
  if (progress.completed.includes(materialId)) return progress;
  return {
    ...progress,
    completed: [...progress.completed, materialId],
    xp: progress.xp + XP_PER_MATERIAL,
    streak: progress.streak + 1,
  };
}

/** Marking it incomplete removes it and takes off 50 xp (floor 0); the streak is unchanged. */
export function markIncomplete(progress: CourseProgress, materialId: string): CourseProgress {
  if (!progress.completed.includes(materialId)) return progress;
  return {
    ...progress,
    completed: progress.completed.filter((id) => id !== materialId),
    xp: Math.max(0, progress.xp - XP_PER_MATERIAL),
  };
}

/** The xp a set of completed topics is worth: what markComplete/markIncomplete add up to, and what the server records. */
export const xpFor = (completedCount: number): number => completedCount * XP_PER_MATERIAL;

export const levelFor = (xp: number): number => Math.floor(xp / XP_PER_LEVEL) + 1;
export const xpToNextLevel = (xp: number): number => XP_PER_LEVEL - (xp % XP_PER_LEVEL);

export function percentComplete(completedCount: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(completedCount, total) / total) * 100);
}

export const ACHIEVEMENTS = [
  { threshold: 25, name: "First Steps" },
  { threshold: 50, name: "Warrior" },
  { threshold: 75, name: "Noble" },
  { threshold: 100, name: "King of Code" },
] as const;

export function achievementsFor(percent: number) {
  return ACHIEVEMENTS.map((a) => ({ ...a, unlocked: percent >= a.threshold }));
}
