import { COURSE_LANGUAGE } from "@koc/shared";
import {
  codeBlocks as markdownCodeBlocks,
  images as markdownImages,
  proseOf,
  unrenderableNodes,
} from "@koc/shared/markdown";
import { isFragment, javaInTextBlocks, sqlExampleKind, sqlExamples, strayStdinBlocks } from "./examples.js";
import { courseQuizProblems, lessonExplainProblems, lessonFile, lessonHeadings } from "./explain-checks.js";
import { PUBLIC_IMAGE } from "./images.js";
import { parsed } from "./parsed.js";
import { quizBalanceProblems } from "./quiz-checks.js";
import type { Catalogue, CourseEntry, LessonEntry } from "./schema.js";

/** Looked up in a Map so that a course id such as "constructor" finds nothing. */
const courseLanguages = new Map(Object.entries(COURSE_LANGUAGE));

export const MIN_PROSE_WORDS = 400;
export const MIN_LESSONS_PER_COURSE = 8;
export const JAVA_COURSE_ID = "java-programming";
export const JAVA_TOPIC_COUNT = 61;

/**
 * Topics that need Java 21 end their title with this mark. Their java blocks (lesson and quiz)
 * open with ```java release=21, which the editor runs with its Java 21 option and the content tests
 * compile with --release 21 where a JDK 21+ is installed; every other java block is Java 17.
 */
export const JAVA_21_MARK = "(Java 21+)";
export const isJava21Topic = (title: string): boolean => title.trim().endsWith(JAVA_21_MARK);

export interface CodeBlock {
  lang: string;
  code: string;
  /** The Java release the block targets: 21 when its fence says release=21, else 17. */
  release: 17 | 21;
  /** ```java fragment: part of a program (a method, a statement, a shape), highlighted, never compiled or run. */
  fragment: boolean;
  /** A multi-file trial's block: the file it is, from the fence's `file=<path>` (docs/decisions/0032). */
  file?: string;
  /** The fence says `readonly`: the learner sees the file but cannot edit it (a project's pom.xml). */
  readOnly?: boolean;
}

/** The code blocks of a lesson or question text, as the one Markdown grammar reads them. */
export function codeBlocks(markdown: string): CodeBlock[] {
  return markdownCodeBlocks(parsed(markdown)).map((b) => ({
    lang: b.lang.toLowerCase(),
    code: b.code === "" ? "" : `${b.code}\n`,
    release: /(?:^|\s)release=21\b/.test(b.meta) ? 21 : 17,
    fragment: isFragment(b.meta),
    ...fileOf(b.meta),
  }));
}

function fileOf(meta: string): { file?: string; readOnly?: boolean } {
  const file = /(?:^|\s)file=(\S+)/.exec(meta)?.[1];
  if (file === undefined) return {};
  return /(?:^|\s)readonly(?:\s|$)/.test(meta) ? { file, readOnly: true } : { file };
}

/** Words of prose: everything outside code blocks. */
export function proseWordCount(markdown: string): number {
  return proseOf(markdown, [parsed(markdown)])
    .split(/\s+/)
    .filter((w) => /[A-Za-z0-9]/.test(w)).length;
}

export const isCompleteJavaProgram = (code: string): boolean =>
  /\b(class|record|enum|interface)\s+\w+/.test(code) &&
  /public\s+static\s+void\s+main\s*\(\s*(final\s+)?String/.test(code);

/**
 * What the lesson renderer (apps/web/src/components/tutorial-renderer.tsx) cannot show as intended,
 * each with its line in the text: node kinds it does not draw (links, block quotes, horizontal
 * rules, raw HTML...), headings deeper than ####, unclosed fences, pictures inside a sentence, and
 * pictures without alt text or from outside the course's images/ folder. Anything else would reach
 * the learner as raw symbols or not at all, so the build rejects it (docs/decisions/0022-one-markdown-grammar.md).
 */
export function unrenderableMarkdown(markdown: string): { what: string; line: number }[] {
  const tree = parsed(markdown);
  const out = unrenderableNodes(markdown, tree);
  for (const img of markdownImages(tree)) {
    const line = img.position?.start.line ?? 0;
    if ((img.alt ?? "").trim() === "") out.push({ what: `an image without alt text: "${img.url}"`, line });
    if (!PUBLIC_IMAGE.test(img.url)) {
      out.push({ what: `an image that is not a picture of the course's images/ folder: "${img.url}"`, line });
    }
  }
  return out.sort((a, b) => a.line - b.line);
}

export const DOES_NOT_COMPILE = "does not compile";
/**
 * `expect` of a program that starts and then ends with an exception: "throws
 * java.lang.NullPointerException", "throws ZeroDivisionError", "throws TypeError".
 */
export const THROWS = /^throws ([\w.$]+)$/;

/** The languages a code question's program may be written in, each run for real by the content tests. */
export const CODE_QUESTION_LANGUAGES = ["java", "python", "javascript"] as const;
export type CodeQuestionLanguage = (typeof CODE_QUESTION_LANGUAGES)[number];
const isCodeQuestionLanguage = (lang: string): lang is CodeQuestionLanguage =>
  (CODE_QUESTION_LANGUAGES as readonly string[]).includes(lang);

/** The program a code question shows (a ```java, ```python or ```javascript fence in its text), if any. */
export function questionProgram(question: string): string | undefined {
  return questionBlock(question)?.code;
}

export function questionBlock(question: string): (CodeBlock & { lang: CodeQuestionLanguage }) | undefined {
  return codeBlocks(question).find((b): b is CodeBlock & { lang: CodeQuestionLanguage } =>
    isCodeQuestionLanguage(b.lang),
  );
}

/** Whether `text` holds `name` as a whole word ("TypeError" is not named by "Error"). */
function namesWord(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1] ?? " ";
    const after = text[at + name.length] ?? " ";
    if (!/[\w$]/.test(before) && !/[\w$]/.test(after)) return true;
  }
  return false;
}

/**
 * A code question shows a complete program and carries `expect`: its exact output, "does not
 * compile" (Java only), or "throws <exception class>" (it starts, then ends with that exception).
 * The keyed option must be that output (trimmed); for a program that does not compile, an option
 * starting "It does not compile"; for one that throws, an option naming the exception's simple
 * name. In a course with a language of its own (COURSE_LANGUAGE) the program is in that language.
 * Whether `expect` is true is checked by the content tests against the real JDK, CPython and Node.
 */
export function codeQuestionProblems(
  q: { question: string; options: string[]; correct: number },
  expect: string | undefined,
  courseLanguage?: string,
): string[] {
  const block = questionBlock(q.question);
  if (block === undefined) {
    return expect === undefined ? [] : ["has expect but no ```java, ```python or ```javascript program"];
  }
  const lang = block.lang;
  if (courseLanguage !== undefined && lang !== courseLanguage) {
    return [`shows a ${lang} program in a ${courseLanguage} course`];
  }
  if (expect === undefined) {
    return [
      lang === "java"
        ? 'shows a java program but has no expect (its output, "does not compile" or "throws <exception>")'
        : `shows a ${lang} program but has no expect (its output or "throws <exception>")`,
    ];
  }
  if (lang === "java" && !isCompleteJavaProgram(block.code))
    return ["shows a java program without a class and a main method"];
  if (block.code.trim() === "") return [`shows an empty ${lang} program`];
  const keyed = (q.options[q.correct] ?? "").trim();
  if (expect === DOES_NOT_COMPILE) {
    if (lang !== "java")
      return [`expects "does not compile", which only a java program can do; a ${lang} program runs or throws`];
    return /^It does not compile/.test(keyed)
      ? []
      : ['expects "does not compile" but its keyed option does not say so'];
  }
  const thrown = THROWS.exec(expect)?.[1];
  if (thrown !== undefined) {
    const simple = thrown.slice(thrown.lastIndexOf(".") + 1);
    return namesWord(keyed, simple) ? [] : [`expects "${expect}" but its keyed option does not name ${simple}`];
  }
  return keyed === expect.trim() ? [] : [`keyed option "${keyed}" is not the expected output "${expect.trim()}"`];
}

/**
 * SQL lessons run their ```sql blocks on the tables their front matter names (decision 0033): a
 * SQL lesson with examples names them, only a SQL course's lessons do, and a fence says nothing
 * but `setup` or `error` (unknown table files are reported by the loader).
 */
function sqlLessonProblems(course: CourseEntry, lesson: LessonEntry, where: string): string[] {
  const out: string[] = [];
  const isSql = courseLanguages.get(course.id) === "sql";
  const examples = sqlExamples(lesson.content);
  if (lesson.tables && !isSql) out.push(`${where}: only a SQL course's lessons name tables`);
  if (isSql && examples.length > 0 && !lesson.tables) {
    out.push(`${where}: SQL examples need the lesson's tables: name them in the front matter (tables: [warriors])`);
  }
  for (const e of examples) {
    if (sqlExampleKind(e.meta) === undefined) {
      out.push(`${where}: \`\`\`sql ${e.meta.trim()} at line ${e.line}: a sql block takes only "setup" or "error"`);
    }
  }
  return out;
}

function lessonProblems(course: CourseEntry, lesson: LessonEntry, index: number): string[] {
  const where = `${course.id} #${lesson.position} ${lesson.title}`;
  const out: string[] = [];
  if (lesson.position !== index) out.push(`${where}: positions must run 00, 01, ... without gaps (expected ${index})`);
  const words = proseWordCount(lesson.content);
  if (words < MIN_PROSE_WORDS) out.push(`${where}: ${words} words of prose, at least ${MIN_PROSE_WORDS} required`);
  const blocks = codeBlocks(lesson.content);
  const examples = blocks.filter((b) => b.lang !== "" && b.lang !== "text" && b.lang !== "stdin");
  if (examples.length < 2) out.push(`${where}: needs at least two worked examples (labelled code blocks)`);
  const release = isJava21Topic(lesson.title) ? 21 : 17;
  const javaBlocks = [...blocks, ...lesson.quiz.flatMap((q) => codeBlocks(q.question))].filter(
    (b) => b.lang === "java" && !b.fragment,
  );
  for (const b of blocks) {
    if (b.lang === "java" && !b.fragment && !isCompleteJavaProgram(b.code)) {
      out.push(
        `${where}: a java example without a class and a main method (mark a piece of a program \`\`\`java fragment)`,
      );
    }
    if (b.fragment && b.lang === "java" && isCompleteJavaProgram(b.code) && !/^\s*package\s/m.test(b.code)) {
      out.push(`${where}: a complete program marked fragment: drop the mark so it is compiled and can run`);
    }
    if (b.fragment && b.lang !== "java") out.push(`${where}: only java blocks take the fragment mark`);
  }
  if (course.id === JAVA_COURSE_ID) {
    const file = lessonFile(course.id, lesson);
    for (const line of javaInTextBlocks(lesson.content)) {
      out.push(
        `${file}:${line + (lesson.bodyLine ?? 1) - 1}: Java source in a \`\`\`text block: fence it \`\`\`java (a whole program) or \`\`\`java fragment`,
      );
    }
  }
  if (javaBlocks.some((b) => b.release !== release)) {
    out.push(
      release === 21
        ? `${where}: a ${JAVA_21_MARK} topic opens every java block with \`\`\`java release=21`
        : `${where}: \`\`\`java release=21 belongs only to topics titled "... ${JAVA_21_MARK}"`,
    );
  }
  out.push(...sqlLessonProblems(course, lesson, where));
  if (strayStdinBlocks(lesson.content) > 0) {
    out.push(`${where}: a \`\`\`stdin block must sit between a runnable example and its \`\`\`text output`);
  }
  const file = lessonFile(course.id, lesson);
  for (const { what, line } of unrenderableMarkdown(lesson.content)) {
    out.push(`${file}:${line + (lesson.bodyLine ?? 1) - 1}: the lesson renderer cannot show ${what}`);
  }
  const h2 = lessonHeadings(lesson.content, [2]);
  if (!h2.some((h) => h.startsWith("Common Mistakes"))) out.push(`${where}: missing a "## Common Mistakes" section`);
  if (!h2.some((h) => h.startsWith("Summary"))) out.push(`${where}: missing a "## Summary" section`);
  if (lesson.quiz.length !== 5) out.push(`${where}: quiz has ${lesson.quiz.length} questions, 5 required`);
  lesson.quiz.forEach((q, i) => {
    for (const p of codeQuestionProblems(q, lesson.quizExpect?.[i], courseLanguages.get(course.id)))
      out.push(`${where}: question ${i + 1} ${p}`);
    if (q.options.length !== 4) out.push(`${where}: question ${i + 1} needs exactly 4 options`);
    // Compared as a screen reader (and a radio button's accessible name) reads them: case and
    // line breaks or runs of spaces make no difference.
    if (new Set(q.options.map((o) => o.trim().replace(/\s+/g, " ").toLowerCase())).size !== q.options.length) {
      out.push(
        `${where}: question ${i + 1} repeats an option (options differing only in spacing or line breaks read the same)`,
      );
    }
    if (!Number.isInteger(q.correct) || q.correct < 0 || q.correct >= q.options.length) {
      out.push(`${where}: question ${i + 1} has an invalid correct index`);
    }
  });
  return out;
}

function courseProblems(course: CourseEntry): string[] {
  const out: string[] = [];
  if (course.description.split(/\s+/).length < 20) out.push(`${course.id}: description is too short`);
  const minimum = course.id === JAVA_COURSE_ID ? JAVA_TOPIC_COUNT : MIN_LESSONS_PER_COURSE;
  if (course.lessons.length < minimum) out.push(`${course.id}: ${course.lessons.length} lessons, ${minimum} required`);
  course.lessons.forEach((l, i) => {
    out.push(...lessonProblems(course, l, i));
    if (course.id === JAVA_COURSE_ID) {
      const code = l.quiz.filter((q) => questionProgram(q.question) !== undefined).length;
      if (code * 2 < l.quiz.length) {
        out.push(
          `${course.id} #${l.position} ${l.title}: ${code} of ${l.quiz.length} questions show code; at least half must (what it prints, or why it does not compile)`,
        );
      }
    }
  });
  const seen = new Map<string, string>();
  for (const l of course.lessons) {
    for (const q of l.quiz) {
      const key = q.question.trim().toLowerCase();
      const first = seen.get(key);
      if (first) out.push(`${course.id}: duplicate question "${q.question}" in ${first} and ${l.title}`);
      else seen.set(key, l.title);
    }
  }
  out.push(...quizBalanceProblems(course));
  out.push(...lessonExplainProblems(course));
  out.push(...courseQuizProblems(course));
  return out;
}

/** Every rule the catalogue must meet; an empty list means it is publishable. */
export function validateCatalogue(catalogue: Catalogue): string[] {
  const out: string[] = [];
  if (catalogue.courses.length < 10) out.push(`catalogue: ${catalogue.courses.length} courses, at least 10 required`);
  const ids = new Set<string>();
  for (const c of catalogue.courses) {
    if (ids.has(c.id)) out.push(`catalogue: duplicate course id ${c.id}`);
    ids.add(c.id);
    out.push(...courseProblems(c));
  }
  if (!ids.has(JAVA_COURSE_ID)) out.push(`catalogue: the ${JAVA_COURSE_ID} course is missing`);
  return out;
}
