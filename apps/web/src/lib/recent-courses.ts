import { readJson, writeJson } from "./storage";
import { storageKeys } from "./storage-keys";

export interface RecentCourse {
  _id: string;
  title: string;
  category: string;
  lastAccessed: string;
}

export const MAX_RECENT_COURSES = 5;

/** Newest first, no duplicate ids, at most 5. */
export function withRecentCourse(list: RecentCourse[], entry: RecentCourse): RecentCourse[] {
  return [entry, ...list.filter((c) => c._id !== entry._id)].slice(0, MAX_RECENT_COURSES);
}

export function recordRecentCourse(course: { _id: string; title: string; category: string }, now = new Date()): void {
  const list = readJson<RecentCourse[]>(storageKeys.recentCourses, []);
  const safe = Array.isArray(list) ? list : [];
  writeJson(
    storageKeys.recentCourses,
    withRecentCourse(safe, {
      _id: course._id,
      title: course.title,
      category: course.category,
      lastAccessed: now.toISOString(),
    }),
  );
}
