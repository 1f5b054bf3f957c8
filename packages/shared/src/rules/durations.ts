/** Minutes per lesson position: a fixed table of 50 values from 15 to 60. */
export const LESSON_DURATIONS: readonly number[] = [
  15, 20, 25, 18, 22, 30, 25, 28, 20, 35, 40, 30, 25, 35, 40, 30, 35, 25, 30, 40, 35, 30, 35, 25, 20, 40, 35, 25, 20,
  25, 35, 30, 30, 35, 30, 40, 35, 30, 35, 25, 45, 40, 25, 35, 30, 40, 45, 50, 45, 60,
];
export const DEFAULT_LESSON_MINUTES = 25;

export const lessonMinutes = (position: number): number => LESSON_DURATIONS[position] ?? DEFAULT_LESSON_MINUTES;

export function totalMinutes(lessonCount: number): number {
  let sum = 0;
  for (let i = 0; i < lessonCount; i++) sum += lessonMinutes(i);
  return sum;
}

/** 95 -> "1h 35m", 40 -> "40m", 120 -> "2h 0m". */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}
