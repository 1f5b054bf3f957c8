import { readFileSync } from "node:fs";
import { join } from "node:path";
import { COURSE_LANGUAGE, referenceIsOrdered } from "@koc/shared";
import { htmlCheckList } from "@koc/shared/html-checks";
import { headings } from "@koc/shared/markdown";
import { testNames } from "@koc/shared/unit-tests";
import { parseFrontMatter } from "./front-matter.js";
import { parsed } from "./parsed.js";
import { isProjectSection, mainClassOf, overlay, projectFiles } from "./projects.js";
import { type ExerciseEntry, exerciseFrontMatter, type LessonEntry, type TrialProject } from "./schema.js";
import { codeBlocks, unrenderableMarkdown } from "./validate.js";

/** `<lesson-file-stem>.<k>.md`, e.g. 05-the-switch-statement.2.md */
export const EXERCISE_FILE = /^((\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*))\.([1-9])\.md$/;

/** The language each course's exercises are written in; a course not listed has none. */
export { COURSE_LANGUAGE };

const SECTIONS = ["Task", "Starter", "Solution"] as const;
/** Optional sections after ## Solution, in this order: hidden unit tests, then a wrong solution. */
const OPTIONAL_SECTIONS = ["Tests", "Wrong"] as const;
type Section = (typeof SECTIONS)[number] | (typeof OPTIONAL_SECTIONS)[number];

function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues.map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`).join("; ");
}

/**
 * The body's "## Task", "## Starter", "## Solution" sections, in that order, then optionally
 * "## Tests" and "## Wrong" (and no others).
 */
export function exerciseSections(body: string): {
  sections?: Record<(typeof SECTIONS)[number], string> & Partial<Record<Section, string>>;
  problem?: string;
} {
  // The body's own ## headings: never one inside a code block or a list.
  const lines = body.replace(/\r\n?/g, "\n").split("\n");
  const found = headings(parsed(body))
    .filter((h) => h.depth === 2 && h.node.position?.start.column === 1)
    .map((h) => ({ title: h.text, start: h.line - 1 }));
  const titles = found.map((f) => f.title);
  const extra = titles.slice(SECTIONS.length);
  const order = (t: string | undefined) => OPTIONAL_SECTIONS.indexOf(t as (typeof OPTIONAL_SECTIONS)[number]);
  const extraOk = extra.every((t, i) => order(t) >= 0 && (i === 0 || order(t) > order(extra[i - 1])));
  if (titles.slice(0, SECTIONS.length).join("|") !== SECTIONS.join("|") || !extraOk) {
    return {
      problem: `needs exactly the sections ## Task, ## Starter, ## Solution in this order, then optionally ## Tests and ## Wrong (found: ${titles.join(", ") || "none"})`,
    };
  }
  const text = (n: number) =>
    lines
      .slice((found[n]?.start ?? 0) + 1, found[n + 1]?.start ?? lines.length)
      .join("\n")
      .trim();
  const sections: Record<(typeof SECTIONS)[number], string> & Partial<Record<Section, string>> = {
    Task: text(0),
    Starter: text(1),
    Solution: text(2),
  };
  extra.forEach((t, i) => {
    sections[t as Section] = text(SECTIONS.length + i);
  });
  return { sections };
}

/**
 * Reads one course's exercises folder. Every problem (a name that matches no lesson, a language
 * that is not the course's, a missing section...) is reported, and that exercise is left out.
 */
export function loadExercises(
  courseId: string,
  dir: string,
  files: string[],
  lessons: LessonEntry[],
): {
  exercises: ExerciseEntry[];
  problems: string[];
} {
  const problems: string[] = [];
  const byStem = new Map(lessons.map((l) => [`${String(l.position).padStart(2, "0")}-${l.slug}`, l]));
  const exercises: (ExerciseEntry & { position: number })[] = [];
  for (const file of files) {
    const where = `${courseId}/exercises/${file}`;
    const name = EXERCISE_FILE.exec(file);
    if (!name) {
      problems.push(`${where}: file name must be <lesson-file-stem>.<k>.md, e.g. 05-the-switch-statement.1.md`);
      continue;
    }
    const lesson = byStem.get(name[1] as string);
    if (!lesson) {
      problems.push(`${where}: no lesson ${courseId}/lessons/${name[1]}.md to belong to`);
      continue;
    }
    const language = COURSE_LANGUAGE[courseId];
    if (!language) {
      problems.push(
        `${where}: the course ${courseId} has no exercise language (java, python, javascript, sql or html course only)`,
      );
      continue;
    }
    try {
      const { data, body, bodyLine } = parseFrontMatter(readFileSync(join(dir, file), "utf8"));
      const fm = exerciseFrontMatter.safeParse(data);
      if (!fm.success) {
        problems.push(`${where}: ${issuesOf(fm.error)}`);
        continue;
      }
      if (fm.data.language !== language) {
        problems.push(`${where}: language ${fm.data.language} is not the course's language (${language})`);
        continue;
      }
      const { sections, problem } = exerciseSections(body);
      if (!sections) {
        problems.push(`${where}: ${problem}`);
        continue;
      }
      const own: string[] = [];
      if (sections.Task.split(/\s+/).filter(Boolean).length < 10) own.push("the ## Task statement is too short");
      // The task's first line in the file, so each message names the line to fix.
      const taskLine = bodyLine + body.slice(0, body.indexOf(sections.Task)).split("\n").length - 1;
      for (const { what, line } of unrenderableMarkdown(sections.Task)) {
        own.push(`line ${taskLine + line - 1}: the lesson renderer cannot show ${what}`);
      }
      // A multi-file Java project: its Starter names its files (docs/decisions/0032).
      const project = language === "java" && isProjectSection(codeBlocks(sections.Starter)) ? loadProject() : undefined;
      function loadProject(): (TrialProject & { wrong?: TrialProject["solution"] }) | undefined {
        const read = (section: "Starter" | "Solution" | "Wrong") => {
          const r = projectFiles(codeBlocks(sections?.[section] ?? ""), section);
          own.push(...r.problems);
          return r;
        };
        const starter = read("Starter");
        const solution = read("Solution");
        const wrong = sections?.Wrong !== undefined ? read("Wrong") : undefined;
        if (starter.layout !== solution.layout) own.push("## Starter and ## Solution must share one layout");
        if (starter.layout === "maven" && !starter.files.some((f) => f.path === "pom.xml"))
          own.push("a Maven project's ## Starter shows its pom.xml (```xml file=pom.xml readonly)");
        // The reference is the starter's read-only files plus its own: one project, two states.
        const readOnly = starter.files.filter((f) => f.readOnly);
        const solutionFiles = [...readOnly, ...solution.files];
        const mainPaths = (fs: { path: string; readOnly?: true }[]) =>
          fs
            .filter((f) => !f.readOnly && !f.path.startsWith("src/test/"))
            .map((f) => f.path)
            .sort()
            .join(",");
        if (mainPaths(starter.files) !== mainPaths(solution.files))
          own.push("## Starter and ## Solution must hold the same program files");
        const mainClass = mainClassOf(solution.files, solution.layout);
        if (!mainClass || mainClassOf(starter.files, starter.layout) !== mainClass)
          own.push(
            "a project needs exactly one Main.java with public static void main, the same in starter and solution",
          );
        const extra = wrong?.files.filter((f) => !solution.files.some((s) => s.path === f.path)) ?? [];
        if (extra.length > 0)
          own.push(`## Wrong replaces solution files only (not ${extra.map((f) => f.path).join(", ")})`);
        return {
          layout: starter.layout,
          starter: starter.files,
          solution: solutionFiles,
          mainClass: mainClass ?? "Main",
          ...(wrong ? { wrong: overlay(solutionFiles, wrong.files) } : {}),
        };
      }
      const entryOf = (files: { path: string; code: string }[]) =>
        files.find((f) => f.path.split("/").at(-1) === "Main.java" && !f.path.startsWith("src/test/"))?.code ?? "";
      const code = (section: "Starter" | "Solution" | "Tests" | "Wrong") => {
        if (project && section !== "Tests")
          return entryOf(
            section === "Starter" ? project.starter : section === "Solution" ? project.solution : (project.wrong ?? []),
          );
        const blocks = codeBlocks(sections[section] ?? "");
        // An HTML trial's page is html; its checks are JavaScript run against the rendered page.
        const lang = language === "html" && section === "Tests" ? "javascript" : language;
        if (blocks.length !== 1 || blocks[0]?.lang !== lang) {
          own.push(`## ${section} must hold exactly one \`\`\`${lang} code block`);
          return "";
        }
        return blocks[0].code;
      };
      const starter = code("Starter");
      const solution = code("Solution");
      const testCode = sections.Tests !== undefined ? code("Tests") : undefined;
      const wrongCode = sections.Wrong !== undefined ? code("Wrong") : undefined;
      if (language === "sql" && testCode !== undefined)
        own.push("an SQL trial has no ## Tests: its cases are its datasets");
      const pageChecks = language === "html" && testCode ? htmlCheckList(testCode) : undefined;
      const names =
        language === "html"
          ? pageChecks?.map((c) => c.name)
          : testCode && language !== "sql"
            ? testNames(language, testCode)
            : undefined;
      if (language === "html" && !testCode) own.push("an html trial needs ## Tests (its checks)");
      if (testCode && !names) {
        own.push(
          language === "html"
            ? 'every check in ## Tests needs a literal name, then optionally { width: N }: check("its readable name", ({ $, assert }) => ...)'
            : language === "java"
              ? 'every @Test in ## Tests needs a @DisplayName("...") (and none elsewhere)'
              : language === "python"
                ? 'every test_ method in ## Tests needs a one-line docstring ("""its readable name""")'
                : 'every test in ## Tests needs a literal name: test("its readable name", ...)',
        );
      }
      if (names && new Set(names).size !== names.length) own.push("test names must be distinct");
      const className = language === "java" && testCode ? /\bclass\s+(\w+)/.exec(testCode)?.[1] : undefined;
      if (testCode && language === "java" && (!className || className === "Main"))
        own.push("## Tests must hold a test class (not named Main)");
      if (fm.data.release !== undefined && language !== "java") own.push("release: is for Java trials only");
      if ((wrongCode === undefined) !== (fm.data.wrong === undefined))
        own.push("a ## Wrong section and wrong: { fails: <test name> } come together");
      const caseNames = fm.data.cases.map((c) => c.name);
      if (fm.data.wrong && language !== "sql" && !(names ?? []).includes(fm.data.wrong.fails))
        own.push(`wrong.fails names no test of ## Tests: ${fm.data.wrong.fails}`);
      if (fm.data.wrong && language === "sql" && !caseNames.includes(fm.data.wrong.fails))
        own.push(`wrong.fails names no case: ${fm.data.wrong.fails}`);
      const hidden = fm.data.cases.filter((c) => c.sample !== true).length + (names?.length ?? 0);
      if (language === "sql") {
        // An SQL case is a whole dataset: one hidden dataset is what defeats a hard-coded answer.
        if (hidden < 1) own.push("needs at least 1 hidden case (a second dataset the learner never sees)");
      } else if (hidden < 3) own.push("needs at least 3 hidden cases or unit tests");
      if (language !== "sql" && (fm.data.ordered !== undefined || fm.data.check !== undefined))
        own.push("ordered: and check: are for SQL trials only");
      if (language === "java" && !project) {
        for (const [what, src] of [
          ["starter", starter],
          ["solution", solution],
        ] as const) {
          if (src && !/public\s+(final\s+)?class\s+Main\b/.test(src))
            own.push(`the ${what}'s public class must be Main`);
        }
      }
      if (
        language === "javascript" &&
        !testCode &&
        starter &&
        !starter.startsWith('const input = require("fs").readFileSync(0, "utf8");')
      ) {
        own.push('the starter\'s first line must be const input = require("fs").readFileSync(0, "utf8");');
      }
      if (new Set(caseNames).size !== caseNames.length) own.push("case names must be distinct");
      if (own.length > 0) {
        for (const p of own) problems.push(`${where}: ${p}`);
        continue;
      }
      const k = Number(name[4]);
      exercises.push({
        id: `${lesson.id}--${k}`,
        materialId: lesson.id,
        k,
        title: fm.data.title,
        difficulty: fm.data.difficulty,
        language: fm.data.language,
        hints: fm.data.hints,
        statement: sections.Task,
        starter,
        solution,
        cases: fm.data.cases.map((c) => ({
          name: c.name,
          ...(c.sample ? { sample: true } : {}),
          stdin: c.stdin,
          stdout: c.stdout,
        })),
        ...(fm.data.release === 21 ? { release: 21 as const } : {}),
        ...(language === "sql"
          ? {
              sql: {
                ordered: fm.data.ordered ?? referenceIsOrdered(solution),
                ...(fm.data.check !== undefined ? { check: fm.data.check } : {}),
              },
            }
          : {}),
        ...(testCode && names
          ? {
              tests: {
                code: testCode,
                names,
                ...(className ? { className } : {}),
                ...(pageChecks ? { widths: pageChecks.map((c) => c.width) } : {}),
              },
            }
          : {}),
        ...(wrongCode !== undefined && fm.data.wrong
          ? {
              wrong: {
                code: wrongCode,
                fails: fm.data.wrong.fails,
                ...(project?.wrong ? { files: project.wrong } : {}),
              },
            }
          : {}),
        ...(project
          ? {
              project: {
                layout: project.layout,
                starter: project.starter,
                solution: project.solution,
                mainClass: project.mainClass,
              },
            }
          : {}),
        position: lesson.position,
      });
    } catch (err) {
      problems.push(`${where}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  exercises.sort((a, b) => a.position - b.position || a.k - b.k);
  // k runs 1, 2, ... within a lesson
  const byLesson = new Map<string, number[]>();
  for (const e of exercises) byLesson.set(e.materialId, [...(byLesson.get(e.materialId) ?? []), e.k]);
  for (const [materialId, ks] of byLesson) {
    if (ks.some((k, i) => k !== i + 1))
      problems.push(`${courseId}: exercises of ${materialId} must be numbered 1, 2, ... without gaps`);
  }
  return { exercises: exercises.map(({ position: _p, ...e }) => e), problems };
}
