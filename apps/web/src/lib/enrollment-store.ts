import type { EnrolledCourse } from "@koc/shared";
import { readJson, writeJson } from "./storage";
import { storageKeys } from "./storage-keys";

/** The learner's enrolments in the browser (enrolledCourses_{email}); malformed entries are skipped. */
export function readEnrollments(email: string): EnrolledCourse[] {
  const list = readJson<unknown>(storageKeys.enrollments(email), []);
  return Array.isArray(list) ? list.filter((c): c is EnrolledCourse => typeof c?._id === "string") : [];
}

export function writeEnrollments(email: string, list: EnrolledCourse[]): void {
  writeJson(storageKeys.enrollments(email), list);
}
