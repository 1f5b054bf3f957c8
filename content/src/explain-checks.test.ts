import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  courseQuizProblems,
  explainNamesOption,
  lessonExplainProblems,
  lessonHeadings,
  MIN_COURSE_QUIZ_QUESTIONS,
} from "./explain-checks.js";
import { loadCatalogue } from "./load.js";
import type { CourseEntry } from "./schema.js";
import { testCatalogue } from "./test-catalogue.js";

const body = "## Arithmetic Operators\ntext\n```java\n## not a heading\n```\n### The `%` Operator\n#### Too deep\n";
const question = (extra: Record<string, unknown> = {}) => ({
  question: "Which operator gives the remainder of a division?",
  options: ["/", "%", "remainder()", "mod"],
  correct: 1,
  ...extra,
});
const course = (id: string, quiz: ReturnType<typeof question>[], courseQuiz?: CourseEntry["quiz"]): CourseEntry => ({
  id,
  title: "T",
  category: "c",
  level: "Beginner",
  access: "free",
  order: 1,
  description: "d",
  lessons: [
    { id: `${id}--operators`, slug: "operators", position: 2, title: "Operators", type: "lesson", content: body, quiz },
  ],
  ...(courseQuiz ? { quiz: courseQuiz } : {}),
});

describe("explanations of quiz questions", () => {
  it("reads ## and ### headings, not code or ####", () => {
    // As a reader sees them: inline marks are not part of a heading's words.
    expect(lessonHeadings(body)).toEqual(["Arithmetic Operators", "The % Operator"]);
  });

  it("requires explain on every Java question, naming the file and the question", () => {
    const out = lessonExplainProblems(course("java-programming", [question({ explain: "Teaches." }), question()]));
    expect(out).toEqual([
      "content/courses/java-programming/lessons/02-operators.md question 2 has no explain (a sentence or two teaching the idea it tests)",
    ]);
  });

  it("lets other courses go without explain, but checks one that is there", () => {
    expect(lessonExplainProblems(course("python-programming", [question()]))).toEqual([]);
    const named = course("python-programming", [
      question({ options: ["/", "//", "modulo", "%%"], correct: 2, explain: "Python's MODULO sign." }),
    ]);
    expect(lessonExplainProblems(named).join()).toMatch(
      /question 1: its explain names the correct option \("modulo"\)/,
    );
  });

  it("checks that see names a ## or ### heading of the lesson (inline marks aside)", () => {
    const ok = question({ explain: "Division leaves a rest.", see: "The % Operator" });
    expect(lessonExplainProblems(course("java-programming", [ok]))).toEqual([]);
    const bad = question({ explain: "Division leaves a rest.", see: "Too deep" });
    expect(lessonExplainProblems(course("java-programming", [bad])).join()).toMatch(
      /question 1: see "Too deep" is not a ## or ### heading of its lesson/,
    );
  });

  it("finds the keyed option as whole words, normalised; short options are exempt", () => {
    expect(explainNamesOption("Use `Equals()` here", "equals()")).toBe(true);
    expect(explainNamesOption("a  Unique   KEY prop is needed", "A unique key prop")).toBe(true);
    expect(explainNamesOption("the longer type", "long")).toBe(false);
    expect(explainNamesOption('prints "false" here', "false")).toBe(true);
    expect(explainNamesOption("3 items", "3")).toBe(false);
  });
});

describe("the course quiz", () => {
  const entry = (extra: Record<string, unknown> = {}) => ({
    ...question(),
    explain: "Division leaves a rest.",
    lesson: "java-programming--operators",
    ...extra,
  });

  it("is required of every course, with at least 3 explained questions", () => {
    expect(courseQuizProblems(course("git", []))).toEqual([
      "content/courses/git/course-quiz.yaml is missing: every catalogue course has its own course quiz",
    ]);
    const short = courseQuizProblems(course("java-programming", [], [entry(), entry({ question: "Other?" })]));
    expect(short).toContain(
      `content/courses/java-programming/course-quiz.yaml: 2 questions, at least ${MIN_COURSE_QUIZ_QUESTIONS} required`,
    );
    const unexplained = courseQuizProblems(
      course(
        "java-programming",
        [],
        [entry(), entry({ question: "B?" }), entry({ question: "C?", explain: undefined })],
      ),
    );
    expect(unexplained).toEqual([
      "content/courses/java-programming/course-quiz.yaml question 3 has no explain (a sentence or two teaching the idea it tests)",
    ]);
  });

  it("checks see against the named lesson's headings", () => {
    const out = courseQuizProblems(
      course("java-programming", [], [entry(), entry({ question: "B?" }), entry({ question: "C?", see: "Nowhere" })]),
    );
    expect(out.join()).toMatch(/question 3: see "Nowhere" is not a ## or ### heading/);
  });

  describe("course-quiz.yaml on disk", () => {
    const root = mkdtempSync(join(tmpdir(), "koc-course-quiz-"));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const dir = join(root, "demo");
    mkdirSync(join(dir, "lessons"), { recursive: true });
    writeFileSync(
      join(dir, "course.md"),
      "---\nid: demo\ntitle: Demo\ncategory: Demo\nlevel: Beginner\naccess: free\norder: 1\n---\nAbout.\n",
    );
    writeFileSync(join(dir, "lessons", "00-first.md"), "---\ntitle: First\nquiz: []\n---\n## Part\ntext\n");

    it("resolves a lesson slug to its id and reports an unknown one", () => {
      writeFileSync(
        join(dir, "course-quiz.yaml"),
        'questions:\n  - question: "Q?"\n    options: [a, b, c, d]\n    correct: 0\n    explain: "E."\n    lesson: first\n  - question: "R?"\n    options: [a, b, c, d]\n    correct: 0\n    explain: "E."\n    lesson: 00-nowhere\n',
      );
      const { catalogue, problems } = loadCatalogue(root);
      expect(catalogue.courses[0]?.quiz?.map((q) => q.lesson)).toEqual(["demo--first", "demo--00-nowhere"]);
      expect(problems).toEqual([
        'demo/course-quiz.yaml: question 2 names lesson "00-nowhere", which this course does not have',
      ]);
    });

    it("turns a half-written file into a problem, not a crash", () => {
      writeFileSync(join(dir, "course-quiz.yaml"), 'questions:\n  - question: "Q?\n    options: [a, b');
      const { problems } = loadCatalogue(root);
      expect(problems.join()).toMatch(/^demo\/course-quiz.yaml: /);
    });
  });
});

describe("the real catalogue", () => {
  it("has a course quiz of at least 3 explained questions for every course", () => {
    const catalogue = testCatalogue();
    expect(catalogue.courses.length).toBeGreaterThanOrEqual(10);
    for (const c of catalogue.courses) expect(courseQuizProblems(c), c.id).toEqual([]);
  });
});
