/** Every progress query: each course's, and the list of them all (lib/progress-list.ts). */
export const progressKeyPrefix = ["progress"] as const;

/**
 * One course's progress: the learner's record (merged with the server's when signed in), or a
 * visitor's. Its browser copy is progress_{courseId}.
 */
export const progressKey = (courseId: string) => ["progress", "course", courseId] as const;

/** The course a progress query key names, if it is one course's. */
export const courseOfProgressKey = (key: readonly unknown[]): string | undefined =>
  key.length === 3 && key[0] === "progress" && key[1] === "course" && typeof key[2] === "string" ? key[2] : undefined;
