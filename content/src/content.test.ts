import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { outputMatches } from "@koc/shared";
import { describe, expect, it } from "vitest";
import { declaredJsFiles, javaEntry, type OutputExample, outputExamples, strayStdinBlocks } from "./examples.js";
import { COURSE_LANGUAGE, exerciseSections, loadExercises } from "./exercises.js";
import {
  codeBlocks,
  contentRoot,
  coursesDir,
  isCompleteJavaProgram,
  loadCatalogue,
  validateCatalogue,
} from "./index.js";
import { findJdk } from "./jdk.js";
import { programSources } from "./projects.js";
import { correctIsUniquelyLongest, positionBounds, quizBalanceProblems, quizStats } from "./quiz-checks.js";
import { compileJava, has, PYTHON, QUICK_JVM_FLAGS, runPrograms } from "./run-programs.js";
import { courseFrontMatter, type ExerciseEntry } from "./schema.js";
import {
  codeQuestionProblems,
  DOES_NOT_COMPILE,
  isJava21Topic,
  JAVA_TOPIC_COUNT,
  proseWordCount,
  questionBlock,
  THROWS,
  unrenderableMarkdown,
} from "./validate.js";

const { catalogue, problems } = loadCatalogue(coursesDir);

describe("the catalogue", () => {
  it("loads and meets every content rule", () => {
    expect([...problems, ...validateCatalogue(catalogue)]).toEqual([]);
  });

  it("has the Java course's 61 topics in order, starting with the introduction, data types and operators", () => {
    const java = catalogue.courses.find((c) => c.id === "java-programming");
    expect(JAVA_TOPIC_COUNT).toBe(61);
    expect(java?.lessons.length).toBeGreaterThanOrEqual(JAVA_TOPIC_COUNT);
    expect(java?.lessons.slice(0, 3).map((l) => l.title)).toEqual([
      "Introduction to Java: JVM, JDK and Your First Program",
      "Variables and Data Types",
      "Operators",
    ]);
  });

  it("covers the languages and titles the marketing copy and course quizzes name", () => {
    const titles = catalogue.courses.map((c) => c.title);
    for (const t of ["Java Programming", "Python Programming", "JavaScript Fundamentals", "React Development"]) {
      expect(titles).toContain(t);
    }
    expect(titles.some((t) => /Data Structures/.test(t))).toBe(true);
    expect(titles.some((t) => /System Design/.test(t))).toBe(true);
    const access = new Set(catalogue.courses.map((c) => c.access));
    expect(access).toEqual(new Set(["free", "premium"]));
  });

  it("gives every course a level, and a course.md without one is a problem", () => {
    expect(new Set(catalogue.courses.map((c) => c.level))).toEqual(new Set(["Beginner", "Intermediate", "Advanced"]));
    expect(
      courseFrontMatter.safeParse({ id: "x-y", title: "Xyz", category: "Cat", access: "free", order: 1 }).success,
    ).toBe(false);
    expect(
      courseFrontMatter.safeParse({
        id: "x-y",
        title: "Xyz",
        category: "Cat",
        access: "free",
        level: "Expert",
        order: 1,
      }).success,
    ).toBe(false);
  });
});

describe("the quizzes test understanding, not test-taking tricks", () => {
  const courses = catalogue.courses.map((course) => ({ id: course.id, course }));

  it.each(courses)("$id: answer positions are balanced", ({ course }) => {
    expect(quizBalanceProblems(course).filter((p) => /option [A-D] is correct/.test(p))).toEqual([]);
  });

  it.each(courses)(
    "$id: at most 35 percent of questions have the correct option as the uniquely longest",
    ({ course }) => {
      expect(quizBalanceProblems(course).filter((p) => /uniquely longest/.test(p))).toEqual([]);
    },
  );

  it("measures the uniquely longest correct option by trimmed length; a tie is not unique", () => {
    expect(correctIsUniquelyLongest(["long answer", "a", "b", "c"], 0)).toBe(true);
    expect(correctIsUniquelyLongest(["same", "four", "b", "c"], 0)).toBe(false);
    expect(correctIsUniquelyLongest(["a ", "b", "c", "d"], 0)).toBe(false);
  });

  it("flags a course whose answers favour length or one position, and passes a balanced one", () => {
    const quiz = (correct: number, longest: boolean) => ({
      question: "q",
      options: [0, 1, 2, 3].map((i) => (longest && i === correct ? "the long right answer" : `option ${i}`)),
      correct,
    });
    const lessons = (make: (i: number) => ReturnType<typeof quiz>) =>
      Array.from({ length: 8 }, (_, l) => ({ quiz: Array.from({ length: 5 }, (_, q) => make(l * 5 + q)) }));
    const balanced = { id: "ok", lessons: lessons((i) => quiz(i % 4, i % 4 === 0)) } as never;
    expect(quizBalanceProblems(balanced)).toEqual([]);
    const byLength = { id: "len", lessons: lessons((i) => quiz(i % 4, i % 2 === 0)) } as never;
    expect(quizBalanceProblems(byLength).join()).toMatch(/uniquely longest in 20 of 40 questions \(50%/);
    const skewed = { id: "pos", lessons: lessons((i) => quiz(i % 3 === 0 ? 1 : i % 4, false)) } as never;
    expect(quizBalanceProblems(skewed).join()).toMatch(/option B is correct in \d+ of 40 questions \(allowed 6-14\)/);
    expect(quizStats(balanced).positions).toEqual([10, 10, 10, 10]);
  });

  it("bounds answer positions at 15%-35% from 40 questions and 10%-40% below", () => {
    expect(positionBounds(40)).toEqual([6, 14]);
    expect(positionBounds(250)).toEqual([38, 87]);
    expect(positionBounds(20)).toEqual([2, 8]);
  });
});

describe("the validator", () => {
  const lesson = (body: string) => ({
    id: "x--y",
    slug: "y",
    position: 0,
    title: "T",
    type: "lesson" as const,
    content: body,
    quiz: Array.from({ length: 5 }, (_, i) => ({ question: `Q${i}`, options: ["a", "b", "c", "d"], correct: 0 })),
  });
  const course = (lessons: ReturnType<typeof lesson>[]) => ({
    courses: [
      {
        id: "java-programming",
        title: "Java",
        category: "c",
        access: "free" as const,
        level: "Beginner" as const,
        order: 1,
        description: "word ".repeat(30),
        lessons,
      },
    ],
  });

  it("rejects a topic under the word minimum", () => {
    const out = validateCatalogue(course([lesson("## Common Mistakes\n## Summary\nshort")]));
    expect(out.join("\n")).toMatch(/words of prose, at least 400 required/);
  });

  it("rejects a Java example without a class and main method", () => {
    expect(isCompleteJavaProgram('System.out.println("hi");')).toBe(false);
    expect(isCompleteJavaProgram("class A { public static void main(String[] args) {} }")).toBe(true);
    const body = `${"word ".repeat(420)}\n\`\`\`java\nint x = 1;\n\`\`\`\n## Common Mistakes\n## Summary\n`;
    expect(validateCatalogue(course([lesson(body)])).join("\n")).toMatch(/java example without a class and a main/);
  });

  it("rejects a quiz that is not 5 x 4 with a valid index, and duplicate questions", () => {
    const bad = lesson(`${"word ".repeat(420)}\n## Common Mistakes\n## Summary\n`);
    bad.quiz = bad.quiz.slice(0, 4);
    const q0 = bad.quiz[0];
    if (q0) q0.correct = 7;
    const dup = lesson(bad.content);
    const out = validateCatalogue(course([bad, { ...dup, position: 1 }])).join("\n");
    expect(out).toMatch(/quiz has 4 questions, 5 required/);
    expect(out).toMatch(/invalid correct index/);
    expect(out).toMatch(/duplicate question/);
  });

  const unrenderable = (markdown: string) =>
    unrenderableMarkdown(markdown)
      .map((p) => `line ${p.line}: ${p.what}`)
      .join("\n");

  it.each([
    ["See ![map](/x.svg) here", "an image"],
    ["Read [the docs](https://example.com).", "line 1: a link"],
    ["Read <https://example.com>.", "line 1: a link"],
    ["Intro\n\n> quoted", "line 3: a block quote"],
    ["text\n\n---\n\nmore", "line 3: a horizontal rule"],
    ["##### Five", "a heading deeper than ####"],
    ["```java\nclass A {}", "line 1: an unclosed code fence"],
    ["Text\n\n~~~\nopen", "line 3: an unclosed code fence"],
    ["[docs]: https://example.com", "a link definition"],
  ])("rejects Markdown the lesson renderer cannot show: %s", (markdown, what) => {
    expect(unrenderable(markdown)).toContain(what);
  });

  it("accepts what the renderer draws: generics and tags as text, nested lists, tables, ~~~ and + lists", () => {
    const ok = [
      "A `List<String>` or a List<Integer>: raw HTML is drawn as the text it is, <b>never</b> as markup.",
      "",
      "- a",
      "  - b",
      "    - c",
      "",
      "+ plus",
      "+ list",
      "",
      "| Name | Power |",
      "| --- | --- |",
      "| Kattappa | 9000 |",
      "",
      "Setext heading",
      "--------------",
      "",
      "~~~html",
      "<b>x</b>",
      "| not | a table |",
      "~~~",
      "",
      "```html",
      "<i>y</i>",
      "```",
    ].join("\n");
    expect(unrenderableMarkdown(ok)).toEqual([]);
  });

  it("names the lesson file and the line of what the renderer cannot show", () => {
    const body = `${"word ".repeat(420)}\n\nSee [the docs](https://example.com).\n\n## Common Mistakes\n## Summary\n`;
    const bad = { ...lesson(body), bodyLine: 12 };
    const out = validateCatalogue(course([bad]));
    expect(out).toContain(
      "content/courses/java-programming/lessons/00-y.md:14: the lesson renderer cannot show a link",
    );
  });

  it("checks a code question's key against its expect", () => {
    const program =
      "What does it print?\n```java\npublic class A { public static void main(String[] a) { System.out.println(1); } }\n```";
    const q = { question: program, options: ["1", "2", "3", "It does not compile"], correct: 0 };
    expect(codeQuestionProblems(q, "1")).toEqual([]);
    expect(codeQuestionProblems(q, "2").join()).toMatch(/keyed option "1" is not the expected output "2"/);
    expect(codeQuestionProblems(q, undefined).join()).toMatch(/has no expect/);
    expect(codeQuestionProblems({ ...q, correct: 3 }, DOES_NOT_COMPILE)).toEqual([]);
    expect(codeQuestionProblems(q, DOES_NOT_COMPILE).join()).toMatch(/keyed option does not say so/);
    const npe = { ...q, options: ["1", "It compiles, then throws a NullPointerException", "3", "4"], correct: 1 };
    expect(codeQuestionProblems(npe, "throws java.lang.NullPointerException")).toEqual([]);
    expect(codeQuestionProblems(q, "throws java.lang.NullPointerException").join()).toMatch(/does not name/);
  });

  it("checks python and javascript code questions the same way, in their course's language", () => {
    const py = {
      question: "What does it print?\n```python\nprint(7 // 2)\n```",
      options: ["3.5", "3", "4", "It raises a ZeroDivisionError"],
      correct: 1,
    };
    expect(codeQuestionProblems(py, "3", "python")).toEqual([]);
    expect(codeQuestionProblems(py, "3.5", "python").join()).toMatch(
      /keyed option "3" is not the expected output "3.5"/,
    );
    expect(codeQuestionProblems(py, undefined, "python").join()).toMatch(/shows a python program but has no expect/);
    expect(codeQuestionProblems({ ...py, correct: 3 }, "throws ZeroDivisionError", "python")).toEqual([]);
    expect(codeQuestionProblems(py, "throws ZeroDivisionError", "python").join()).toMatch(
      /does not name ZeroDivisionError/,
    );
    expect(codeQuestionProblems(py, DOES_NOT_COMPILE, "python").join()).toMatch(/only a java program/);
    expect(codeQuestionProblems(py, "3", "javascript").join()).toMatch(/a python program in a javascript course/);
    const js = {
      question: "What happens?\n```javascript\nconst a = undefined;\nconsole.log(a.length);\n```",
      options: ["undefined", "0", "It throws a TypeError", "It throws an Error"],
      correct: 2,
    };
    expect(codeQuestionProblems(js, "throws TypeError", "javascript")).toEqual([]);
    // "Error" inside "TypeError" does not count as naming Error.
    expect(codeQuestionProblems(js, "throws Error", "javascript").join()).toMatch(/does not name Error/);
    expect(
      codeQuestionProblems({ question: "```python\n\n```", options: ["a", "b", "c", "d"], correct: 0 }, "a").join(),
    ).toMatch(/empty python program/);
    expect(
      codeQuestionProblems({ question: "No code.", options: ["a", "b", "c", "d"], correct: 0 }, "a").join(),
    ).toMatch(/has expect but no/);
  });

  it("counts prose words outside code blocks", () => {
    expect(proseWordCount("one two\n```java\nclass A {}\n```\nthree")).toBe(3);
  });
});

const hasJavac = spawnSync("javac", ["-version"]).status === 0;
const jdk21 = findJdk(21);

interface Where {
  where: string;
}

/** Every java block of the catalogue for one release, each written to its own folder. */
function writeExamples(root: string, release: 17 | 21): (Where & { dir: string })[] {
  const out: (Where & { dir: string })[] = [];
  for (const c of catalogue.courses) {
    for (const l of c.lessons) {
      codeBlocks(l.content)
        .filter((b) => b.lang === "java" && !b.fragment)
        .forEach((b, i) => {
          if (b.release !== release) return;
          const dir = join(root, `${out.length}`);
          mkdirSync(dir);
          const name = /public\s+(?:final\s+|abstract\s+)*(?:class|record|enum|interface)\s+(\w+)/.exec(b.code)?.[1];
          writeFileSync(join(dir, `${name ?? "Example"}.java`), b.code);
          out.push({ dir, where: `${c.id} #${l.position} ${l.title}, java block ${i + 1}` });
        });
    }
  }
  return out;
}

/** Every Java code question (a java program with `expect`) of one release, written to its own folder. */
function writeQuestions(root: string, release: 17 | 21): (Where & { dir: string; expect: string })[] {
  const jobs: (Where & { dir: string; expect: string })[] = [];
  for (const c of catalogue.courses) {
    for (const l of c.lessons) {
      l.quiz.forEach((q, i) => {
        const block = questionBlock(q.question);
        const expect = l.quizExpect?.[i];
        if (block?.lang !== "java" || expect === undefined || block.release !== release) return;
        const name = /public\s+(?:final\s+)?class\s+(\w+)/.exec(block.code)?.[1] ?? "Main";
        const dir = join(root, `${jobs.length}`);
        mkdirSync(dir);
        writeFileSync(join(dir, `${name}.java`), block.code);
        jobs.push({ dir: `${dir}:${name}`, where: `${c.id} #${l.position} question ${i + 1}`, expect });
      });
    }
  }
  return jobs;
}

function compileEveryExample(java: string, release: 17 | 21): void {
  const root = mkdtempSync(join(tmpdir(), "koc-java-"));
  try {
    const examples = writeExamples(root, release);
    expect(examples.length).toBeGreaterThan(0);
    const where = new Map(examples.map((e) => [e.dir, e.where]));
    const failed = compileJava(
      examples.map((e) => e.dir),
      java,
      release,
    );
    expect([...failed].map((dir) => where.get(dir) ?? dir)).toEqual([]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function runEveryCodeQuestion(java: string, release: 17 | 21): void {
  const root = mkdtempSync(join(tmpdir(), "koc-quiz-"));
  try {
    const jobs = writeQuestions(root, release);
    expect(jobs.length).toBeGreaterThan(0);
    const out = execFileSync(
      java,
      [
        ...QUICK_JVM_FLAGS,
        join(contentRoot, "tools", "RunAll.java"),
        `--release=${release}`,
        ...jobs.map((j) => j.dir),
      ],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] },
    );
    const results = new Map(
      out
        .split("\n")
        .filter((line) => line.startsWith("RESULT "))
        .map((line) => {
          const [, dir, outcome, b64] = line.split(" ");
          const text = outcome === "OK" ? Buffer.from(b64 ?? "", "base64").toString("utf8") : undefined;
          // "RESULT dir THREW java.lang.NullPointerException": the last field is the class then.
          return [dir, { outcome, text, thrown: outcome === "THREW" ? b64 : undefined }] as const;
        }),
    );
    const wrong = jobs.flatMap((j) => {
      const r = results.get(j.dir.slice(0, j.dir.lastIndexOf(":")));
      const actual =
        r?.outcome === "COMPILE_ERROR"
          ? DOES_NOT_COMPILE
          : r?.outcome === "OK"
            ? r.text?.trim()
            : r?.outcome === "THREW"
              ? `throws ${r.thrown}`
              : r?.outcome;
      return actual === j.expect.trim() ? [] : [`${j.where}: expected "${j.expect.trim()}", the JDK gave "${actual}"`];
    });
    expect(wrong).toEqual([]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe.skipIf(!hasJavac)("the lessons' Java examples (JDK present)", () => {
  it("every java block compiles with javac --release 17", () => {
    compileEveryExample("java", 17);
  });

  it("every code question's program really prints (or fails to compile) what its key says", () => {
    runEveryCodeQuestion("java", 17);
  });
});

describe(`the Java 21+ topics' examples (${jdk21 ? `JDK ${jdk21.release} found` : "SKIPPED: no JDK 21+ installed"})`, () => {
  const java21 = catalogue.courses.flatMap((c) => c.lessons).filter((l) => isJava21Topic(l.title));

  it("exist, and are reported as skipped, never as passed, when no JDK 21+ is installed", () => {
    expect(java21.length).toBeGreaterThanOrEqual(4);
    if (!jdk21) {
      console.warn(
        `content: the ${java21.length} Java 21+ topics' examples and code questions were NOT compiled: no JDK 21 or newer ` +
          "found (JAVA21_HOME, JAVA_HOME, PATH, /usr/lib/jvm). Install one to check them.",
      );
    }
  });

  it.skipIf(!jdk21)("every java release=21 block compiles with javac --release 21", () => {
    compileEveryExample(jdk21?.java ?? "java", 21);
  });

  it.skipIf(!jdk21)("every Java 21 code question prints (or fails to compile) what its key says", () => {
    runEveryCodeQuestion(jdk21?.java ?? "java", 21);
  });
});

/**
 * Whether a script that ended with an uncaught exception ended with `name`: CPython's traceback
 * ends "ZeroDivisionError: division by zero" (or "json.decoder.JSONDecodeError: ..."), Node's
 * report has the line "TypeError: Cannot read properties of undefined ..." (or "TypeError [ERR_X]: ...").
 */
function endedWith(outcome: { code: number | null; stderr: string }, name: string): boolean {
  if (outcome.code === 0 || outcome.code === null) return false;
  const simple = name.slice(name.lastIndexOf(".") + 1);
  return outcome.stderr.split("\n").some((line) => {
    const head = /^\s*(?:[\w$]+\.)*([\w$]+)(?::| \[|$)/.exec(line);
    return head?.[1] === simple;
  });
}

/** Every python or javascript code question of the catalogue, run by python3 / node one process each. */
async function runEveryScriptQuestion(lang: "python" | "javascript"): Promise<void> {
  const jobs = catalogue.courses.flatMap((c) =>
    c.lessons.flatMap((l) =>
      l.quiz.flatMap((q, i) => {
        const block = questionBlock(q.question);
        const expected = l.quizExpect?.[i];
        if (block?.lang !== lang || expected === undefined) return [];
        return [{ where: `${c.id} #${l.position} question ${i + 1}`, code: block.code, expected: expected.trim() }];
      }),
    ),
  );
  if (jobs.length === 0) {
    // Said aloud rather than passed in silence: a course may not have code questions yet.
    console.warn(`content: no ${lang} code questions found, none run`);
    return;
  }
  const root = mkdtempSync(join(tmpdir(), `koc-quiz-${lang}-`));
  try {
    const entry = lang === "python" ? "main.py" : "main.js";
    const ran = await runPrograms(
      jobs.map((j, i) => ({
        lang,
        dir: join(root, String(i)),
        files: { [entry]: j.code },
        entry,
        stdins: [""],
        timeoutMs: 20_000,
      })),
    );
    const wrong = jobs.flatMap((j, i) => {
      const r = ran[i]?.runs[0];
      if (!r || r.timedOut) return [`${j.where}: timed out`];
      const thrown = THROWS.exec(j.expected)?.[1];
      if (thrown !== undefined) {
        return endedWith(r, thrown)
          ? []
          : [
              `${j.where}: expected it to end with ${thrown}, it exited ${r.code} (stderr ${JSON.stringify(r.stderr.slice(-300))})`,
            ];
      }
      if (r.code !== 0) return [`${j.where}: exited ${r.code} (stderr ${JSON.stringify(r.stderr.slice(-300))})`];
      return outputMatches(r.stdout, j.expected)
        ? []
        : [`${j.where}: expected ${JSON.stringify(j.expected)}, ${lang} printed ${JSON.stringify(r.stdout)}`];
    });
    expect(wrong).toEqual([]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe("the Python and JavaScript code questions", () => {
  it("knows how an uncaught exception ends a script", () => {
    const py = {
      code: 1,
      stderr: 'Traceback (most recent call last):\n  File "main.py", line 1\nZeroDivisionError: division by zero\n',
    };
    expect(endedWith(py, "ZeroDivisionError")).toBe(true);
    expect(endedWith(py, "ValueError")).toBe(false);
    expect(endedWith({ ...py, code: 0 }, "ZeroDivisionError")).toBe(false);
    expect(endedWith({ code: 1, stderr: "json.decoder.JSONDecodeError: Expecting value\n" }, "JSONDecodeError")).toBe(
      true,
    );
    const js = {
      code: 1,
      stderr:
        "/tmp/main.js:2\n  x.y;\n    ^\n\nTypeError: Cannot read properties of undefined\n    at Object.<anonymous>\n",
    };
    expect(endedWith(js, "TypeError")).toBe(true);
    expect(endedWith(js, "Error")).toBe(false);
    expect(endedWith({ code: 1, stderr: "RangeError [ERR_OUT_OF_RANGE]: bad\n" }, "RangeError")).toBe(true);
  });

  it("finds python code questions to run", () => {
    const python = catalogue.courses.find((c) => c.id === "python-programming");
    const code = python?.lessons.flatMap((l) => l.quiz.filter((q) => questionBlock(q.question)?.lang === "python"));
    expect(code?.length ?? 0).toBeGreaterThan(0);
  });

  it.skipIf(!has(PYTHON))(
    "every python code question prints (or throws) what its key says",
    () => runEveryScriptQuestion("python"),
    240_000,
  );

  it(
    "every javascript code question prints (or throws) what its key says",
    () => runEveryScriptQuestion("javascript"),
    240_000,
  );
});

const exercises: { courseId: string; exercise: ExerciseEntry }[] = catalogue.courses.flatMap((c) =>
  (c.exercises ?? []).map((exercise) => ({ courseId: c.id, exercise })),
);

describe("the exercise format", () => {
  const lessons = catalogue.courses.find((c) => c.id === "java-programming")?.lessons ?? [];
  const file = (front: string, body: string) => {
    const dir = mkdtempSync(join(tmpdir(), "koc-ex-"));
    writeFileSync(join(dir, "00-introduction-to-java.1.md"), `---\n${front}\n---\n${body}`);
    return dir;
  };
  const goodFront = `title: Echo
difficulty: 1
language: java
hints: ["Print it."]
cases:
  - { name: one, sample: true, stdin: "a\\n", stdout: "a\\n" }
  - { name: two, stdin: "b\\n", stdout: "b\\n" }
  - { name: three, stdin: "c\\n", stdout: "c\\n" }
  - { name: four, stdin: "d\\n", stdout: "d\\n" }`;
  const goodBody = `## Task

Read one line from standard input and print it back exactly as it was given.

## Starter

\`\`\`java
public class Main { public static void main(String[] a) { } }
\`\`\`

## Solution

\`\`\`java
public class Main { public static void main(String[] a) { System.out.println(new java.util.Scanner(System.in).nextLine()); } }
\`\`\`
`;
  const load = (front: string, body: string, name = "00-introduction-to-java.1.md") => {
    const dir = file(front, body);
    try {
      if (name !== "00-introduction-to-java.1.md") {
        writeFileSync(join(dir, name), readFileSync(join(dir, "00-introduction-to-java.1.md"), "utf8"));
      }
      return loadExercises("java-programming", dir, [name], lessons);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("loads a well-formed exercise with its id, lesson, samples and hidden cases", () => {
    const { exercises: loaded, problems: found } = load(goodFront, goodBody);
    expect(found).toEqual([]);
    expect(loaded[0]).toMatchObject({
      id: "java-programming--introduction-to-java--1",
      materialId: "java-programming--introduction-to-java",
      k: 1,
      language: "java",
    });
    expect(loaded[0]?.cases.filter((c) => c.sample)).toHaveLength(1);
  });

  it.each([
    [goodFront.replace("sample: true, ", ""), goodBody, /at least 1 case with sample: true/],
    [goodFront.replace(/\n {2}- \{ name: four.*$/, ""), goodBody, /at least 3 hidden cases/],
    [goodFront.replace("language: java", "language: python"), goodBody, /not the course's language \(java\)/],
    [goodFront.replace('hints: ["Print it."]', "hints: []"), goodBody, /at least 1 hint/],
    [goodFront, goodBody.replace("## Solution", "## Answer"), /sections ## Task, ## Starter, ## Solution/],
    [
      goodFront,
      goodBody.replace("```java\npublic class Main { public static void main(String[] a) { } }", "```python\npass"),
      /## Starter must hold exactly one ```java/,
    ],
    [goodFront, goodBody.replaceAll("class Main", "class Echo"), /public class must be Main/],
    [goodFront.replace("name: two", "name: one"), goodBody, /case names must be distinct/],
  ])("rejects a malformed exercise (%#)", (front, body, problem) => {
    expect(load(front, body).problems.join("\n")).toMatch(problem);
  });

  it("rejects a file whose stem matches no lesson, or a course without an exercise language", () => {
    expect(load(goodFront, goodBody, "99-nothing-here.1.md").problems.join()).toMatch(
      /no lesson java-programming\/lessons\/99-nothing-here\.md/,
    );
    expect(load(goodFront, goodBody, "00-introduction-to-java.md").problems.join()).toMatch(/file name must be/);
    expect(
      loadExercises(
        "git-version-control",
        "/nonexistent",
        ["00-x.1.md"],
        [{ ...lessons[0], slug: "x" } as never],
      ).problems.join(),
    ).toMatch(/has no exercise language/);
  });

  it("splits the body into Task, Starter and Solution, ignoring headings inside code", () => {
    expect(
      exerciseSections("## Task\nDo it.\n```text\n## Starter\n```\n## Starter\nS\n## Solution\nX").sections?.Task,
    ).toMatch(/## Starter/);
  });

  it("has exercises only in the courses with an exercise language, each in that language", () => {
    expect(exercises.length).toBeGreaterThan(0);
    for (const { courseId, exercise } of exercises) expect(exercise.language).toBe(COURSE_LANGUAGE[courseId]);
  });
});

/** Every case of every exercise (solution and starter), run for real. */
describe("every exercise's reference solution passes every case, every starter runs and fails one", () => {
  const runnable = {
    java: has("javac", "-version"),
    python: has(PYTHON),
    javascript: true,
  };
  const byLang = (lang: "java" | "python" | "javascript") => exercises.filter((e) => e.exercise.language === lang);

  it.each(["java", "python", "javascript"] as const)(
    "%s exercises",
    async (lang) => {
      if (!runnable[lang] || byLang(lang).length === 0) return;
      // Java 21 trials compile and run on a JDK 21+; without one they are skipped, and said so.
      const java21 = byLang(lang).filter((e) => e.exercise.release === 21);
      if (java21.length > 0 && !jdk21) {
        console.warn(`content: ${java21.length} Java 21 trials NOT run: no JDK 21 or newer found`);
      }
      const root = mkdtempSync(join(tmpdir(), `koc-ex-${lang}-`));
      try {
        const mine = byLang(lang).filter((e) => e.exercise.release !== 21 || jdk21);
        const file = lang === "java" ? "Main.java" : lang === "python" ? "main.py" : "main.js";
        const programs = mine.flatMap(({ exercise }) =>
          (["solution", "starter"] as const).map((role) => ({
            exercise,
            role,
            dir: join(root, `${exercise.id}-${role}`),
          })),
        );
        const ran = await runPrograms(
          programs.map((p) => ({
            lang,
            dir: p.dir,
            // A project compiles its program files together (never its tests) and starts at its Main.
            files: p.exercise.project
              ? Object.fromEntries(programSources(p.exercise.project[p.role]).map((f) => [f.path, f.code]))
              : { [file]: p.exercise[p.role] },
            entry: p.exercise.project ? p.exercise.project.mainClass : lang === "java" ? "Main" : file,
            stdins: p.exercise.cases.map((c) => c.stdin),
            timeoutMs: 20_000,
            java: p.exercise.release === 21 ? jdk21?.java : undefined,
            release: p.exercise.release === 21 ? 21 : undefined,
          })),
        );
        const notCompiled = new Set(programs.filter((_, i) => ran[i]?.compiled === false).map((p) => p.dir));
        const outcomes = programs.map((p, i) => {
          if (notCompiled.has(p.dir))
            return { p, failures: p.exercise.cases.map((c) => `${c.name}: does not compile`) };
          const failures: string[] = [];
          p.exercise.cases.forEach((c, n) => {
            const r = ran[i]?.runs[n];
            if (!r || r.timedOut) failures.push(`${c.name}: timed out`);
            else if (!outputMatches(r.stdout, c.stdout)) {
              failures.push(
                `${c.name}: printed ${JSON.stringify(r.stdout.slice(0, 200))}${r.stderr ? ` (stderr ${JSON.stringify(r.stderr.slice(0, 200))})` : ""}`,
              );
            }
          });
          return { p, failures };
        });
        const wrong = outcomes.flatMap(({ p, failures }) => {
          if (p.role === "solution") return failures.map((f) => `${p.exercise.id} solution: ${f}`);
          const problems: string[] = [];
          if (notCompiled.has(p.dir)) problems.push(`${p.exercise.id} starter: does not compile`);
          // A unit-tested trial's starter may pass its cases: unit-tests.test.ts checks it fails a test.
          else if (failures.length === 0 && !p.exercise.tests)
            problems.push(`${p.exercise.id} starter: passes every case (it is a solution)`);
          return problems;
        });
        expect(wrong).toEqual([]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
    600_000,
  );
});

describe("the lessons' output examples", () => {
  it("finds an example's output (and its stdin) only when the blocks follow each other", () => {
    const md =
      "```java\nA\n```\n\n```text\n1\n```\n\nprose\n\n```python\nB\n```\n\n```stdin\nin\n```\n\n```text\n2\n```\n\n```javascript\nC\n```\n\nSays:\n\n```text\n3\n```\n";
    expect(outputExamples(md).map((e) => [e.lang, e.stdin, e.expected])).toEqual([
      ["java", "", "1\n"],
      ["python", "in\n", "2\n"],
    ]);
    expect(strayStdinBlocks(md)).toBe(0);
    expect(strayStdinBlocks("```stdin\nx\n```\n")).toBe(1);
    expect(declaredJsFiles("```javascript\n// armoury.mjs\nexport const a = 1;\n```\n").get("armoury.mjs")).toMatch(
      /export/,
    );
  });

  it("reads ~~~ fences and fences inside a list item the way the lesson page draws them", () => {
    const md =
      "~~~java\nA\n~~~\n\n~~~text\n1\n~~~\n\n- a list item\n\n  ```python\n  B\n  ```\n\n  ```text\n  2\n  ```\n";
    expect(outputExamples(md).map((e) => [e.lang, e.code, e.expected, e.line])).toEqual([
      ["java", "A\n", "1\n", 1],
      ["python", "B\n", "2\n", 11],
    ]);
  });

  it("finds the entry class of a Java example", () => {
    expect(javaEntry("public final class Hello { public static void main(String[] a) {} }")).toEqual({
      fileClass: "Hello",
      mainClass: "Hello",
    });
    expect(javaEntry("class A {}\nclass B { public static void main(String[] a) {} }")).toEqual({
      fileClass: "Main",
      mainClass: "B",
    });
  });

  const examples = catalogue.courses.flatMap((c) =>
    c.lessons.flatMap((l) =>
      outputExamples(l.content).map((example) => ({
        example,
        lesson: l,
        where: `${c.id}/lessons/${String(l.position).padStart(2, "0")}-${l.slug}.md line ${example.line} (${example.lang})`,
      })),
    ),
  );

  it("shows output for the Java, Python and JavaScript examples", () => {
    for (const lang of ["java", "python", "javascript"]) {
      expect(examples.filter((e) => e.example.lang === lang).length, lang).toBeGreaterThan(10);
    }
  });

  it.each(["java", "python", "javascript"] as const)(
    "every %s example whose lesson shows its output prints exactly that output",
    async (lang) => {
      if (lang === "java" && !has("javac", "-version")) return;
      if (lang === "python" && !has(PYTHON)) return;
      const mine = examples.filter((e) => e.example.lang === lang);
      const root = mkdtempSync(join(tmpdir(), `koc-out-${lang}-`));
      try {
        const jobs = mine.map(({ example, lesson, where }, i) => {
          const files: Record<string, string> = {};
          let entry: string;
          if (example.lang === "java") {
            const { fileClass, mainClass } = javaEntry(example.code);
            files[`${fileClass}.java`] = example.code;
            entry = mainClass;
          } else if (example.lang === "python") {
            entry = "main.py";
            files[entry] = example.code;
          } else {
            for (const [name, code] of declaredJsFiles(lesson.content)) files[name] = code;
            entry = example.fileName ?? "main.js";
            files[entry] = example.code;
          }
          return { example, where, dir: join(root, String(i)), files, entry };
        });
        const ran = await runPrograms(
          jobs.map((j) => ({
            lang,
            dir: j.dir,
            files: j.files,
            entry: j.entry,
            stdins: [j.example.stdin],
            timeoutMs: 30_000,
          })),
        );
        const wrong = jobs.flatMap((j: { example: OutputExample; where: string }, i) => {
          const outcome = ran[i];
          if (!outcome?.compiled) return [`${j.where}: does not compile`];
          const r = outcome.runs[0];
          if (!r || r.timedOut) return [`${j.where}: timed out`];
          return outputMatches(r.stdout, j.example.expected)
            ? []
            : [
                `${j.where}: the lesson shows ${JSON.stringify(j.example.expected)}, it prints ${JSON.stringify(r.stdout)}${r.stderr ? ` (stderr ${JSON.stringify(r.stderr.slice(0, 300))})` : ""}`,
              ];
        });
        expect(wrong).toEqual([]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
