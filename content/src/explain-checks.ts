import { headingText } from "@koc/shared";
import { headings } from "@koc/shared/markdown";
import { parsed } from "./parsed.js";
import type { CourseEntry, LessonEntry } from "./schema.js";
import { COURSE_QUIZ_FILE } from "./schema.js";

/** Courses whose every lesson question must carry `explain` (others may, and are checked when they do). */
export const EXPLAIN_REQUIRED_COURSES: ReadonlySet<string> = new Set(["java-programming"]);
/** A course quiz has at least this many questions. */
export const MIN_COURSE_QUIZ_QUESTIONS = 3;

/** The headings of a lesson of these depths (## and ### unless told), as a reader sees them. */
export function lessonHeadings(markdown: string, depths: readonly number[] = [2, 3]): string[] {
  return headings(parsed(markdown))
    .filter((h) => depths.includes(h.depth))
    .map((h) => h.text);
}

/** Text compared as a reader sees it: case, quotes, backticks and runs of spaces make no difference. */
export const normalised = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[`"'\u2018\u2019\u201c\u201d]/g, "")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Whether an explanation gives the keyed option away: the option's text (normalised, when it is
 * longer than 3 characters) appears in it as whole words. Short options ("int", "3") are words any
 * explanation may need.
 */
export function explainNamesOption(explain: string, option: string): boolean {
  const o = normalised(option);
  if (o.length <= 3) return false;
  const e = normalised(explain);
  let at = e.indexOf(o);
  while (at >= 0) {
    const before = e[at - 1] ?? " ";
    const after = e[at + o.length] ?? " ";
    if (!/\w/.test(before) || !/\w/.test(o[0] ?? "")) {
      if (!/\w/.test(after) || !/\w/.test(o[o.length - 1] ?? "")) return true;
    }
    at = e.indexOf(o, at + 1);
  }
  return false;
}

interface Checked {
  question: string;
  options: string[];
  correct: number;
  explain?: string | undefined;
  see?: string | undefined;
}

/** Problems of one question's explain and see; `where` names the file and the question. */
export function explainProblems(q: Checked, where: string, required: boolean, headings: readonly string[]): string[] {
  const out: string[] = [];
  if (q.explain === undefined || q.explain.trim() === "") {
    if (required) out.push(`${where} has no explain (a sentence or two teaching the idea it tests)`);
  } else if (explainNamesOption(q.explain, q.options[q.correct] ?? "")) {
    out.push(`${where}: its explain names the correct option ("${q.options[q.correct]}"); teach the idea instead`);
  }
  if (q.see !== undefined && !headings.some((h) => headingText(h) === headingText(q.see ?? ""))) {
    out.push(`${where}: see "${q.see}" is not a ## or ### heading of its lesson`);
  }
  return out;
}

export const lessonFile = (courseId: string, l: Pick<LessonEntry, "position" | "slug">) =>
  `content/courses/${courseId}/lessons/${String(l.position).padStart(2, "0")}-${l.slug}.md`;

/** Every lesson question's explain and see (required in the courses of EXPLAIN_REQUIRED_COURSES). */
export function lessonExplainProblems(course: CourseEntry): string[] {
  const required = EXPLAIN_REQUIRED_COURSES.has(course.id);
  return course.lessons.flatMap((l) => {
    const headings = lessonHeadings(l.content);
    return l.quiz.flatMap((q, i) =>
      explainProblems(q, `${lessonFile(course.id, l)} question ${i + 1}`, required, headings),
    );
  });
}

/** The course quiz: present, at least 3 questions of 4 distinct options, each explained and linked to its lesson. */
export function courseQuizProblems(course: CourseEntry): string[] {
  const file = `content/courses/${course.id}/${COURSE_QUIZ_FILE}`;
  if (!course.quiz) return [`${file} is missing: every catalogue course has its own course quiz`];
  const out: string[] = [];
  if (course.quiz.length < MIN_COURSE_QUIZ_QUESTIONS) {
    out.push(`${file}: ${course.quiz.length} questions, at least ${MIN_COURSE_QUIZ_QUESTIONS} required`);
  }
  const seen = new Set<string>();
  course.quiz.forEach((q, i) => {
    const where = `${file} question ${i + 1}`;
    const lesson = course.lessons.find((l) => l.id === q.lesson);
    if (new Set(q.options.map(normalised)).size !== q.options.length) out.push(`${where} repeats an option`);
    const key = normalised(q.question);
    if (seen.has(key)) out.push(`${where} repeats an earlier question`);
    seen.add(key);
    out.push(...explainProblems(q, where, true, lesson ? lessonHeadings(lesson.content) : []));
  });
  return out;
}
