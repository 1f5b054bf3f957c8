import {
  type Course,
  lessonMinutes,
  type Material,
  type MaterialDetail,
  type MaterialSummary,
  type QuizQuestion,
} from "@koc/shared";
import { asc, count, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { courses, materials } from "../../db/schema.js";
import { ForbiddenError, NotFoundError } from "../../errors.js";

const courseColumns = {
  _id: courses.id,
  title: courses.title,
  description: courses.description,
  category: courses.category,
  access: courses.access,
  lessonCount: count(materials.id),
};

export const PREMIUM_LESSON_MESSAGE =
  "This lesson is part of a premium course. Upgrade to Lifetime Premium to read every lesson; the first lesson stays free to preview.";

/** Who is asking: a visitor (null) or a signed-in learner with their premium flag from the database. */
export type Reader = { isPremium: boolean } | null;

interface CourseLessons {
  access: Course["access"];
  lessons: Material[];
}

/** Premium courses are read by premium learners; the first lesson (position 0) is a free preview. */
const mayOpen = (access: Course["access"], position: number, reader: Reader) =>
  access === "free" || position === 0 || reader?.isPremium === true;

const toSummary = (access: Course["access"], m: Material, reader: Reader): MaterialSummary => ({
  _id: m._id,
  courseId: m.courseId,
  title: m.title,
  type: m.type,
  position: m.position,
  minutes: lessonMinutes(m.position),
  questions: m.quiz.length,
  open: mayOpen(access, m.position, reader),
});

/**
 * The catalogue only changes when the seed runs at start-up, so lessons are cached per course
 * for the life of the process (`clearCache` after seeding again in the same process).
 */
export function createCatalogueService(db: DbOrTx) {
  const lessonsCache = new Map<string, CourseLessons>();
  const courseOfLesson = new Map<string, string>();

  async function getCourse(id: string): Promise<Course> {
    const [row] = await db
      .select(courseColumns)
      .from(courses)
      .leftJoin(materials, eq(materials.courseId, courses.id))
      .where(eq(courses.id, id))
      .groupBy(courses.id);
    if (!row) throw new NotFoundError("Course not found");
    return row;
  }

  /** The course's lessons in order, with bodies and answer keys: for the server's own use only. */
  async function courseLessons(courseId: string): Promise<CourseLessons> {
    const cached = lessonsCache.get(courseId);
    if (cached) return cached;
    const course = await getCourse(courseId);
    const rows = await db
      .select()
      .from(materials)
      .where(eq(materials.courseId, courseId))
      .orderBy(asc(materials.position));
    const lessons: Material[] = rows.map((m) => ({
      _id: m.id,
      courseId: m.courseId,
      title: m.title,
      type: m.type,
      position: m.position,
      ...(m.content ? { content: m.content } : {}),
      quiz: m.quiz,
    }));
    const entry = { access: course.access, lessons };
    lessonsCache.set(courseId, entry);
    for (const l of lessons) courseOfLesson.set(l._id, courseId);
    return entry;
  }

  /** One lesson with its course's access; 404 when no such lesson exists. */
  async function findLesson(materialId: string): Promise<{ access: Course["access"]; lesson: Material }> {
    let courseId = courseOfLesson.get(materialId);
    if (!courseId) {
      const [row] = await db
        .select({ courseId: materials.courseId })
        .from(materials)
        .where(eq(materials.id, materialId));
      if (!row) throw new NotFoundError("Lesson not found");
      courseId = row.courseId;
    }
    const { access, lessons } = await courseLessons(courseId);
    const lesson = lessons.find((l) => l._id === materialId);
    if (!lesson) throw new NotFoundError("Lesson not found");
    return { access, lesson };
  }

  return {
    clearCache() {
      lessonsCache.clear();
      courseOfLesson.clear();
    },

    async listCourses(): Promise<Course[]> {
      return db
        .select(courseColumns)
        .from(courses)
        .leftJoin(materials, eq(materials.courseId, courses.id))
        .groupBy(courses.id)
        .orderBy(asc(courses.position), asc(courses.title));
    },

    getCourse,

    /** Full lessons (bodies and answer keys) for server-side consumers such as the mentor and grading. */
    async lessonsWithAnswers(courseId: string): Promise<Material[]> {
      return (await courseLessons(courseId)).lessons;
    },

    /** The lesson with its answer key and its course's access, for grading. */
    lessonWithAnswers: findLesson,

    /** The course's lesson list for anyone: no bodies, no answers; 404 when the course does not exist. */
    async listMaterials(courseId: string, reader: Reader): Promise<MaterialSummary[]> {
      const { access, lessons } = await courseLessons(courseId);
      return lessons.map((m) => toSummary(access, m, reader));
    },

    /** One lesson's body and its questions without answers; premium lessons only for premium readers. */
    async getMaterial(materialId: string, reader: Reader): Promise<MaterialDetail> {
      const { access, lesson } = await findLesson(materialId);
      if (!mayOpen(access, lesson.position, reader)) throw new ForbiddenError(PREMIUM_LESSON_MESSAGE);
      return {
        _id: lesson._id,
        courseId: lesson.courseId,
        title: lesson.title,
        type: lesson.type,
        position: lesson.position,
        minutes: lessonMinutes(lesson.position),
        ...(lesson.content ? { content: lesson.content } : {}),
        quiz: lesson.quiz.map(({ question, options }: QuizQuestion) => ({ question, options })),
      };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
