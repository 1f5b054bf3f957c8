import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  codeBlocks,
  contentRoot,
  coursesDir,
  isCompleteJavaProgram,
  loadCatalogue,
  validateCatalogue,
} from "./index.js";
import { proseWordCount } from "./validate.js";

const { catalogue, problems } = loadCatalogue(coursesDir);

describe("the catalogue", () => {
  it("loads and meets every content rule", () => {
    expect([...problems, ...validateCatalogue(catalogue)]).toEqual([]);
  });

  it("has the Java course's 50 topics in order, starting with the introduction, data types and operators", () => {
    const java = catalogue.courses.find((c) => c.id === "java-programming");
    expect(java?.lessons).toHaveLength(50);
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

  it("counts prose words outside code blocks", () => {
    expect(proseWordCount("one two\n```java\nclass A {}\n```\nthree")).toBe(3);
  });
});

const hasJavac = spawnSync("javac", ["-version"]).status === 0;

describe.skipIf(!hasJavac)("the lessons' Java examples (JDK present)", () => {
  it("every java block compiles with javac --release 17", () => {
    const root = mkdtempSync(join(tmpdir(), "koc-java-"));
    try {
      const dirs: string[] = [];
      const where = new Map<string, string>();
      for (const c of catalogue.courses) {
        for (const l of c.lessons) {
          codeBlocks(l.content)
            .filter((b) => b.lang === "java")
            .forEach((b, i) => {
              const dir = join(root, `${dirs.length}`);
              mkdirSync(dir);
              const name = /public\s+(?:final\s+|abstract\s+)*(?:class|record|enum|interface)\s+(\w+)/.exec(
                b.code,
              )?.[1];
              writeFileSync(join(dir, `${name ?? "Example"}.java`), b.code);
              dirs.push(dir);
              where.set(dir, `${c.id} #${l.position} ${l.title}, java block ${i + 1}`);
            });
        }
      }
      const out = execFileSync("java", [join(contentRoot, "tools", "CompileAll.java"), ...dirs], {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
        stdio: ["ignore", "pipe", "pipe"],
      });
      const failures = out
        .split("\n")
        .filter((line) => line.startsWith("FAIL "))
        .map((line) => where.get(line.slice(5)) ?? line);
      expect(failures).toEqual([]);
      expect(out).toMatch(new RegExp(`compiled ${dirs.length}, failed 0`));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
