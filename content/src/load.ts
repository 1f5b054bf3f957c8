import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { loadExercises } from "./exercises.js";
import { parseFrontMatter } from "./front-matter.js";
import { type CourseImage, courseImages, IMAGE_DIR, imageFolderProblems, resolveImages } from "./images.js";
import {
  type Catalogue,
  COURSE_QUIZ_FILE,
  type CourseEntry,
  type CourseQuizEntry,
  courseFrontMatter,
  courseQuizFile,
  type LessonEntry,
  lessonFrontMatter,
} from "./schema.js";

/** A course's table files (SQL lessons' `tables`): content/courses/<course>/tables/<name>.sql. */
export const TABLE_DIR = "tables";

const LESSON_FILE = /^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;

export interface LoadResult {
  catalogue: Catalogue;
  problems: string[];
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues.map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`).join("; ");
}

function loadLesson(
  courseId: string,
  dir: string,
  file: string,
  images: readonly CourseImage[],
  used: Set<string>,
  tables: ReadonlyMap<string, string>,
  problems: string[],
): LessonEntry | undefined {
  const where = `${courseId}/lessons/${file}`;
  const name = LESSON_FILE.exec(file);
  if (!name) {
    problems.push(`${where}: file name must look like 03-some-slug.md`);
    return undefined;
  }
  try {
    const { data, body, bodyLine } = parseFrontMatter(readFileSync(join(dir, file), "utf8"));
    const fm = lessonFrontMatter.safeParse(data);
    if (!fm.success) {
      problems.push(`${where}: ${issuesOf(fm.error)}`);
      return undefined;
    }
    const slug = name[2] as string;
    const pictures = resolveImages(body, images);
    for (const p of pictures.problems) problems.push(`${where}: ${p}`);
    for (const n of pictures.used) used.add(n);
    const names = fm.data.tables;
    for (const t of names ?? []) {
      if (!tables.has(t)) problems.push(`${where}: tables names "${t}", which ${courseId}/${TABLE_DIR}/ does not have`);
      used.add(`${TABLE_DIR}/${t}`);
    }
    return {
      id: `${courseId}--${slug}`,
      slug,
      position: Number(name[1]),
      title: fm.data.title,
      type: fm.data.type,
      content: pictures.markdown,
      bodyLine,
      ...(names ? { tables: names, sqlSetup: names.map((t) => tables.get(t) ?? "").join("\n") } : {}),
      quiz: fm.data.quiz.map(({ expect: _expect, ...q }) => q),
      ...(fm.data.quiz.some((q) => q.expect !== undefined) ? { quizExpect: fm.data.quiz.map((q) => q.expect) } : {}),
    };
  } catch (err) {
    problems.push(`${where}: ${describe(err)}`);
    return undefined;
  }
}

/**
 * Reads a course's course-quiz.yaml; undefined when there is none (the validator reports that). A
 * question's `lesson` becomes the lesson's id; an unknown one is a problem.
 */
function loadCourseQuiz(
  courseId: string,
  dir: string,
  lessons: readonly LessonEntry[],
  problems: string[],
): CourseQuizEntry[] | undefined {
  const where = `${courseId}/${COURSE_QUIZ_FILE}`;
  let text: string;
  try {
    text = readFileSync(join(dir, COURSE_QUIZ_FILE), "utf8");
  } catch {
    return undefined;
  }
  try {
    const parsed = courseQuizFile.safeParse(parse(text));
    if (!parsed.success) {
      problems.push(`${where}: ${issuesOf(parsed.error)}`);
      return undefined;
    }
    return parsed.data.questions.map((q, i) => {
      const lesson = lessons.find(
        (l) => l.slug === q.lesson || `${String(l.position).padStart(2, "0")}-${l.slug}` === q.lesson,
      );
      if (!lesson)
        problems.push(`${where}: question ${i + 1} names lesson "${q.lesson}", which this course does not have`);
      return { ...q, lesson: lesson?.id ?? `${courseId}--${q.lesson}` };
    });
  } catch (err) {
    problems.push(`${where}: ${describe(err)}`);
    return undefined;
  }
}

function loadCourse(coursesDir: string, folder: string, problems: string[]): CourseEntry | undefined {
  const dir = join(coursesDir, folder);
  try {
    const { data, body } = parseFrontMatter(readFileSync(join(dir, "course.md"), "utf8"));
    const fm = courseFrontMatter.safeParse(data);
    if (!fm.success) {
      problems.push(`${folder}/course.md: ${issuesOf(fm.error)}`);
      return undefined;
    }
    if (fm.data.id !== folder) problems.push(`${folder}/course.md: id ${fm.data.id} must equal the folder name`);
    const lessonDir = join(dir, "lessons");
    const files = safeList(lessonDir)
      .filter((f) => f.endsWith(".md"))
      .sort();
    const images = courseImages(fm.data.id, dir);
    problems.push(...imageFolderProblems(images));
    const used = new Set<string>();
    const tables = tableFiles(join(dir, TABLE_DIR));
    const lessons = files
      .map((f) => loadLesson(fm.data.id, lessonDir, f, images, used, tables, problems))
      .filter((l): l is LessonEntry => l !== undefined);
    for (const img of images) {
      if (!used.has(img.name)) problems.push(`${folder}/${IMAGE_DIR}/${img.name}.svg: no lesson shows this picture`);
    }
    for (const t of tables.keys()) {
      if (!used.has(`${TABLE_DIR}/${t}`)) problems.push(`${folder}/${TABLE_DIR}/${t}.sql: no lesson's tables name it`);
    }
    const exerciseDir = join(dir, "exercises");
    const exerciseFiles = safeList(exerciseDir)
      .filter((f) => f.endsWith(".md"))
      .sort();
    const loaded = loadExercises(fm.data.id, exerciseDir, exerciseFiles, lessons);
    problems.push(...loaded.problems);
    const quiz = loadCourseQuiz(fm.data.id, dir, lessons, problems);
    return {
      ...fm.data,
      description: body,
      lessons,
      ...(loaded.exercises.length > 0 ? { exercises: loaded.exercises } : {}),
      ...(quiz ? { quiz } : {}),
    };
  } catch (err) {
    problems.push(`${folder}/course.md: ${describe(err)}`);
    return undefined;
  }
}

/** The course's table files: name (without .sql) -> statements. */
function tableFiles(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const f of safeList(dir).sort()) {
    if (f.endsWith(".sql")) found.set(f.slice(0, -".sql".length), readFileSync(join(dir, f), "utf8"));
  }
  return found;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Reads content/courses/* into a catalogue; every unreadable piece becomes a problem, not a crash. */
export function loadCatalogue(coursesDir: string): LoadResult {
  const problems: string[] = [];
  const folders = safeList(coursesDir).filter((f) => statSync(join(coursesDir, f)).isDirectory());
  const courses = folders
    .map((f) => loadCourse(coursesDir, f, problems))
    .filter((c): c is CourseEntry => c !== undefined)
    .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
  return { catalogue: { courses }, problems };
}
