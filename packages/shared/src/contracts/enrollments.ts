import { z } from "zod";
import { course } from "./catalogue.js";

/** A course the caller is enrolled in (spec section 3: Course, with enrolledAt when enrolled). */
export const enrolledCourse = course.extend({ enrolledAt: z.string() });
export type EnrolledCourse = z.infer<typeof enrolledCourse>;

export const enrolledCourseList = z.array(enrolledCourse);
