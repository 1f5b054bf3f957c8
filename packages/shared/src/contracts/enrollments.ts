import { z } from "zod";
import { course } from "./catalogue.js";

/** Where a learner stands in an enrolled course, as the server's completions say. */
export const enrolmentProgress = z.object({
  /** Lessons of the course the learner has completed. */
  completed: z.number().int().nonnegative(),
  /** The first lesson in course order not yet completed; null once every lesson is. */
  next: z.object({ _id: z.string(), title: z.string() }).nullable(),
});
export type EnrolmentProgress = z.infer<typeof enrolmentProgress>;

/**
 * A course the caller is enrolled in. The
 * server always sends `progress`; an enrolment the browser shows before the server answered has none.
 */
export const enrolledCourse = course.extend({ enrolledAt: z.string(), progress: enrolmentProgress.optional() });
export type EnrolledCourse = z.infer<typeof enrolledCourse>;

export const enrolledCourseList = z.array(enrolledCourse);
