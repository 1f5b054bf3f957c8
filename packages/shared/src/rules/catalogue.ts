import type { Course, CourseAccess, Material, MaterialSummary } from "../contracts/catalogue.js";
import { lessonMinutes } from "./durations.js";

/** Who reads: a visitor (null) or a signed-in learner with their premium flag from the database. */
export type Reader = { isPremium: boolean } | null;

/**
 * Who may open a lesson: every lesson of a free course; of a premium course, premium learners, and
 * everyone the first lesson (position 0, a free preview). The server refuses the rest with 403; the
 * build-time prerender shows a visitor's lesson list by the same rule.
 */
export const mayOpenLesson = (access: CourseAccess, position: number, reader: Reader): boolean =>
  access === "free" || position === 0 || reader?.isPremium === true;

/** A course of the catalogue, with its lessons' positions and its number of trials. */
export interface CatalogueCourse {
  id: string;
  title: string;
  description: string;
  category: string;
  access: CourseAccess;
  level: Course["level"];
  lessonPositions: readonly number[];
  trials: number;
}

/** A course as GET /api/courses lists it: its minutes are each lesson's minutes by position, added up. */
export const courseSummary = (c: CatalogueCourse): Course => ({
  _id: c.id,
  title: c.title,
  description: c.description,
  category: c.category,
  access: c.access,
  lessonCount: c.lessonPositions.length,
  level: c.level,
  minutes: c.lessonPositions.reduce((sum, position) => sum + lessonMinutes(position), 0),
  trials: c.trials,
});

type LessonHead = Pick<Material, "_id" | "courseId" | "title" | "type" | "position">;

/** What every answer about a lesson starts with: who it is, where it stands, and its reading time. */
export const lessonHead = (lesson: LessonHead): LessonHead & { minutes: number } => ({
  _id: lesson._id,
  courseId: lesson.courseId,
  title: lesson.title,
  type: lesson.type,
  position: lesson.position,
  minutes: lessonMinutes(lesson.position),
});

/** A lesson as its course's lesson list shows it to `reader` (GET /api/materials/course/{id}). */
export const lessonSummary = (
  access: CourseAccess,
  lesson: LessonHead & { questions: number },
  reader: Reader,
): MaterialSummary => ({
  ...lessonHead(lesson),
  questions: lesson.questions,
  open: mayOpenLesson(access, lesson.position, reader),
});
