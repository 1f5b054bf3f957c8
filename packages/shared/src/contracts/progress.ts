import { z } from "zod";
import { isTimeZone } from "../rules/streak.js";

const MAX_ITEMS = 1000;
const materialRef = z.string().min(1).max(200, "must be at most 200 characters");

/** One course's progress as the browser keeps it under progress_{courseId} (CourseProgress). */
export const courseProgressBody = z.object({
  completed: z.array(materialRef).max(MAX_ITEMS, `must have at most ${MAX_ITEMS} items`),
  knowledgeUnlocked: z.array(materialRef).max(MAX_ITEMS, `must have at most ${MAX_ITEMS} items`),
  topicProgress: z
    .record(materialRef, z.number().min(0).max(100))
    .refine((r) => Object.keys(r).length <= MAX_ITEMS, `must have at most ${MAX_ITEMS} entries`),
  xp: z.number().int().min(0).max(1_000_000),
  streak: z.number().int().min(0).max(1_000_000),
});
export type CourseProgressBody = z.infer<typeof courseProgressBody>;

/** GET /api/progress: every course the caller has progress in. */
export const storedCourseProgress = courseProgressBody.extend({ courseId: z.string(), updatedAt: z.string() });
export type StoredCourseProgress = z.infer<typeof storedCourseProgress>;
export const storedCourseProgressList = z.array(storedCourseProgress);

/**
 * ?timeZone= on the progress calls: the learner's IANA zone, so the streak counts their calendar
 * days (UTC when absent).
 */
export const progressQuery = z.object({
  timeZone: z
    .string()
    .max(64, "must be at most 64 characters")
    .refine(isTimeZone, "must be an IANA time zone such as Asia/Kolkata")
    .optional(),
});
