import type { MentorContext } from "@koc/shared";
import { COURSE_LANGUAGE, namedLanguages } from "../retrieval.js";

/**
 * The evaluation questions' line format (see dev-questions.txt): `lessons | page | question`.
 * Kept as plain text so a hundred questions read like a list, not like code.
 */
export interface EvalQuestion {
  question: string;
  /** Any of these lessons answers it. */
  expected: string[];
  /** The page it was asked from, as the chat sends it; none for the floating assistant off a course. */
  context?: MentorContext;
  line: number;
}

export const COURSE_SHORT = new Map<string, string>([
  ["java", "java-programming"],
  ["py", "python-programming"],
  ["js", "javascript-fundamentals"],
  ["react", "react-development"],
  ["dsa", "data-structures-algorithms"],
  ["sd", "system-design"],
  ["sql", "sql-databases"],
  ["html", "html-css-foundations"],
  ["git", "git-version-control"],
  ["ci", "coding-interview-preparation"],
]);

function lessonId(ref: string, line: number): { courseId: string; materialId: string } {
  const [short, slug] = ref.trim().split("/");
  const courseId = COURSE_SHORT.get(short ?? "");
  if (!courseId || !slug) throw new Error(`line ${line}: "${ref}" is not course/lesson-slug`);
  return { courseId, materialId: `${courseId}--${slug}` };
}

export function parseQuestions(text: string): EvalQuestion[] {
  const out: EvalQuestion[] = [];
  for (const [i, raw] of text.split("\n").entries()) {
    const line = i + 1;
    if (!raw.trim() || raw.startsWith("#")) continue;
    const [lessons, page, ...rest] = raw.split(" | ");
    const question = rest.join(" | ").trim();
    if (!lessons || !page || !question) throw new Error(`line ${line}: expected "lessons | page | question"`);
    const expected = lessons.split(",").map((ref) => lessonId(ref, line).materialId);
    let context: MentorContext | undefined;
    if (page.trim() !== "-") {
      const [short, slug] = page.trim().split("/");
      const courseId = COURSE_SHORT.get(short ?? "");
      if (!courseId) throw new Error(`line ${line}: unknown course "${short}"`);
      const language = COURSE_LANGUAGE.get(courseId);
      context = {
        courseId,
        ...(slug ? { materialId: `${courseId}--${slug}` } : {}),
        ...(language === "java" || language === "python" || language === "javascript" ? { language } : {}),
      };
    }
    out.push({ question, expected, ...(context ? { context } : {}), line });
  }
  return out;
}

/**
 * Whether a source comes from another course's language than the question's (the page's course, or
 * the labelled lesson's course off a page) without the question naming that language.
 */
export function crossLanguage(q: EvalQuestion, sourceCourseIds: string[]): boolean {
  const own = COURSE_LANGUAGE.get(q.context?.courseId ?? q.expected[0]?.split("--")[0] ?? "");
  if (!own) return false;
  const named = namedLanguages(q.question);
  return sourceCourseIds.some((c) => {
    const lang = COURSE_LANGUAGE.get(c);
    return lang !== undefined && lang !== own && !named.has(lang);
  });
}
