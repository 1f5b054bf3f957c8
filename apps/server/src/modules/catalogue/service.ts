import {
  type Course,
  type CourseQuiz,
  courseList,
  course as courseSchema,
  courseSummary,
  DEFAULT_COURSE_QUIZ_COURSE,
  lessonHead,
  lessonSummary,
  type Material,
  type MaterialDetail,
  type MaterialSummary,
  materialDetail,
  materialList,
  mayOpenLesson,
  type QuizQuestion,
  type Reader,
} from "@koc/shared";
import { asc, count, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { appMeta, type CourseQuizRow, courses, exercises, materials } from "../../db/schema.js";
import { CATALOGUE_HASH_KEY, catalogueGeneration } from "../../db/seed.js";
import { ForbiddenError, NotFoundError } from "../../errors.js";
import { type Prepared, prepare } from "./prepared.js";

export const PREMIUM_LESSON_MESSAGE =
  "This lesson is part of a premium course. Upgrade to Lifetime Premium to read every lesson; the first lesson stays free to preview.";

export type { Reader };

type Access = Course["access"];

/** Premium courses are read by premium learners; the first lesson (position 0) is a free preview. */
export const mayOpen = mayOpenLesson;

/** Whether the answer about this lesson depends on who asks (only premium lessons past the preview). */
export const needsReader = (access: Access, position: number) => access === "premium" && position > 0;

const toSummary = (access: Access, m: Material, reader: Reader): MaterialSummary =>
  lessonSummary(access, { ...m, questions: m.quiz.length }, reader);

const toDetail = (lesson: Material): MaterialDetail => ({
  ...lessonHead(lesson),
  ...(lesson.content ? { content: lesson.content } : {}),
  quiz: lesson.quiz.map(({ question, options }: QuizQuestion) => ({ question, options })),
  ...(lesson.sqlSetup ? { sqlExamples: true as const } : {}),
});

/** The whole catalogue as one read of the database (it is small: every course, every lesson). */
interface Snapshot {
  generation: number;
  /** app_meta's catalogue hash when read: another process seeding changes it. */
  hash: string | null;
  courses: Course[];
  courseById: Map<string, Course>;
  lessonsByCourse: Map<string, Material[]>;
  lessonById: Map<string, { access: Access; lesson: Material }>;
  /** Each course's own course-level quiz, with its key (absent: the course has none). */
  courseQuizById: Map<string, CourseQuizRow[]>;
  /** Prepared answers, built on first use: "courses", "course:ID", "list:ID:open|preview", "lesson:ID". */
  prepared: Map<string, Prepared>;
}

/** A lesson list ready to send: one variant for readers who may open every lesson, one for the rest. */
export interface PreparedLessonList {
  access: Access;
  /** Whether the list's `open` flags depend on the caller (a premium course). */
  dependsOnReader: boolean;
  forReader(reader: Reader): Prepared;
}

export interface PreparedLesson {
  access: Access;
  position: number;
  prepared: Prepared;
}

/** How often (at most) a process checks whether another process seeded a different catalogue. */
const RECHECK_MS = 10_000;

/**
 * The catalogue changes only when the seed runs, so it is read once per process into memory and
 * each answer is prepared once (JSON, gzip, brotli, ETag). Seeding in this process drops the copy
 * at once (seed.ts counts seeds); a seed by another process on the same database is noticed
 * through app_meta's catalogue hash, checked in the background at most every 10 s.
 */
export function createCatalogueService(db: DbOrTx) {
  let snapshot: Promise<Snapshot> | null = null;
  let checkedAt = 0;
  let checking = false;

  async function load(generation: number): Promise<Snapshot> {
    // The hash first: a seed committing between the reads then shows as a changed hash later.
    const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, CATALOGUE_HASH_KEY));
    const courseRows = await db.select().from(courses).orderBy(asc(courses.position), asc(courses.title));
    const lessonRows = await db.select().from(materials).orderBy(asc(materials.courseId), asc(materials.position));
    const trialRows = await db
      .select({ courseId: exercises.courseId, n: count() })
      .from(exercises)
      .groupBy(exercises.courseId);
    const trialsByCourse = new Map(trialRows.map((r) => [r.courseId, Number(r.n)]));
    const lessonsByCourse = new Map<string, Material[]>(courseRows.map((c) => [c.id, []]));
    for (const m of lessonRows) {
      lessonsByCourse.get(m.courseId)?.push({
        _id: m.id,
        courseId: m.courseId,
        title: m.title,
        type: m.type,
        position: m.position,
        ...(m.content ? { content: m.content } : {}),
        quiz: m.quiz,
        ...(m.sqlSetup ? { sqlSetup: m.sqlSetup } : {}),
      });
    }
    const list: Course[] = courseRows.map((c) =>
      courseSummary({
        ...c,
        lessonPositions: (lessonsByCourse.get(c.id) ?? []).map((m) => m.position),
        trials: trialsByCourse.get(c.id) ?? 0,
      }),
    );
    const courseQuizById = new Map(courseRows.filter((c) => c.quiz.length > 0).map((c) => [c.id, c.quiz]));
    const lessonById = new Map<string, { access: Access; lesson: Material }>();
    for (const c of list) {
      for (const lesson of lessonsByCourse.get(c._id) ?? []) lessonById.set(lesson._id, { access: c.access, lesson });
    }
    checkedAt = Date.now();
    return {
      generation,
      hash: meta?.value ?? null,
      courses: list,
      courseById: new Map(list.map((c) => [c._id, c])),
      lessonsByCourse,
      lessonById,
      courseQuizById,
      prepared: new Map(),
    };
  }

  /** Drops the copy when another process has seeded a different catalogue (checked in the background). */
  function recheck(current: Snapshot) {
    if (checking || Date.now() - checkedAt < RECHECK_MS) return;
    checking = true;
    checkedAt = Date.now();
    db.select()
      .from(appMeta)
      .where(eq(appMeta.key, CATALOGUE_HASH_KEY))
      .then(
        ([meta]) => {
          if ((meta?.value ?? null) !== current.hash && snapshot) {
            void snapshot.then((s) => {
              if (s === current) snapshot = null;
            });
          }
        },
        () => undefined, // a closed or busy database: the next request checks again
      )
      .finally(() => {
        checking = false;
      });
  }

  async function current(): Promise<Snapshot> {
    const generation = catalogueGeneration();
    if (snapshot) {
      const s = await snapshot;
      if (s.generation === generation) {
        recheck(s);
        return s;
      }
    }
    const loading = load(generation);
    snapshot = loading;
    // A failed read is not kept: the next request tries again.
    loading.catch(() => {
      if (snapshot === loading) snapshot = null;
    });
    return loading;
  }

  function prepared(s: Snapshot, key: string, build: () => Prepared): Prepared {
    let p = s.prepared.get(key);
    if (!p) {
      p = build();
      s.prepared.set(key, p);
    }
    return p;
  }

  async function getCourse(id: string): Promise<Course> {
    const found = (await current()).courseById.get(id);
    if (!found) throw new NotFoundError("Course not found");
    return found;
  }

  /** One lesson with its course's access; 404 when no such lesson exists. */
  async function findLesson(materialId: string): Promise<{ access: Access; lesson: Material }> {
    const found = (await current()).lessonById.get(materialId);
    if (!found) throw new NotFoundError("Lesson not found");
    return found;
  }

  async function courseLessons(courseId: string): Promise<{ access: Access; lessons: Material[] }> {
    const s = await current();
    const c = s.courseById.get(courseId);
    if (!c) throw new NotFoundError("Course not found");
    return { access: c.access, lessons: s.lessonsByCourse.get(courseId) ?? [] };
  }

  /**
   * A course's course-level quiz with its key. A course
   * without a set of its own gets the JavaScript set; 404 for an unknown course.
   */
  async function courseQuizWithAnswers(courseId: string): Promise<{ course: Course; questions: CourseQuizRow[] }> {
    const s = await current();
    const course = s.courseById.get(courseId);
    if (!course) throw new NotFoundError("Course not found");
    const questions = s.courseQuizById.get(courseId) ?? s.courseQuizById.get(DEFAULT_COURSE_QUIZ_COURSE);
    if (!questions) throw new NotFoundError("This course has no quiz");
    return { course, questions };
  }

  return {
    /** Forgets the in-memory catalogue; the next call reads it again. */
    clearCache() {
      snapshot = null;
    },

    async listCourses(): Promise<Course[]> {
      return (await current()).courses;
    },

    getCourse,

    /** Full lessons (bodies and answer keys) for server-side consumers such as the mentor and grading. */
    async lessonsWithAnswers(courseId: string): Promise<Material[]> {
      return (await courseLessons(courseId)).lessons;
    },

    /** The lesson with its answer key and its course's access, for grading. */
    lessonWithAnswers: findLesson,

    courseQuizWithAnswers,

    /** The course quiz as the browser sees it: questions and options only. */
    async courseQuiz(courseId: string): Promise<CourseQuiz> {
      const { questions } = await courseQuizWithAnswers(courseId);
      return { courseId, questions: questions.map(({ question, options }) => ({ question, options })) };
    },

    /** A lesson's title, for naming it in a link; null when it is gone. */
    async lessonTitle(materialId: string): Promise<string | null> {
      return (await current()).lessonById.get(materialId)?.lesson.title ?? null;
    },

    /** The course's lesson list for anyone: no bodies, no answers; 404 when the course does not exist. */
    async listMaterials(courseId: string, reader: Reader): Promise<MaterialSummary[]> {
      const { access, lessons } = await courseLessons(courseId);
      return lessons.map((m) => toSummary(access, m, reader));
    },

    /** One lesson's body and its questions without answers; premium lessons only for premium readers. */
    async getMaterial(materialId: string, reader: Reader): Promise<MaterialDetail> {
      const { access, lesson } = await findLesson(materialId);
      if (!mayOpen(access, lesson.position, reader)) throw new ForbiddenError(PREMIUM_LESSON_MESSAGE);
      return toDetail(lesson);
    },

    /** GET /api/courses, prepared (checked against the shared schema when built). */
    async preparedCourses(): Promise<Prepared> {
      const s = await current();
      return prepared(s, "courses", () => prepare(courseList.parse(s.courses)));
    },

    /** GET /api/courses/:id, prepared; 404 for an unknown course. */
    async preparedCourse(id: string): Promise<Prepared> {
      const s = await current();
      const c = s.courseById.get(id);
      if (!c) throw new NotFoundError("Course not found");
      return prepared(s, `course:${id}`, () => prepare(courseSchema.parse(c)));
    },

    /** GET /api/materials/course/:id, prepared per access level; 404 for an unknown course. */
    async preparedLessonList(courseId: string): Promise<PreparedLessonList> {
      const s = await current();
      const c = s.courseById.get(courseId);
      if (!c) throw new NotFoundError("Course not found");
      const lessons = s.lessonsByCourse.get(courseId) ?? [];
      const variant = (reader: Reader, name: string) =>
        prepared(s, `list:${courseId}:${name}`, () =>
          prepare(materialList.parse(lessons.map((m) => toSummary(c.access, m, reader)))),
        );
      const dependsOnReader = c.access === "premium";
      return {
        access: c.access,
        dependsOnReader,
        forReader: (reader) =>
          !dependsOnReader || reader?.isPremium === true
            ? variant({ isPremium: true }, "open")
            : variant(null, "preview"),
      };
    },

    /**
     * GET /api/materials/:id, prepared; 404 for an unknown lesson. The caller decides access with
     * mayOpen before sending it: the body is the same for everyone who may open the lesson.
     */
    async preparedLesson(materialId: string): Promise<PreparedLesson> {
      const s = await current();
      const found = s.lessonById.get(materialId);
      if (!found) throw new NotFoundError("Lesson not found");
      return {
        access: found.access,
        position: found.lesson.position,
        prepared: prepared(s, `lesson:${materialId}`, () => prepare(materialDetail.parse(toDetail(found.lesson)))),
      };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
