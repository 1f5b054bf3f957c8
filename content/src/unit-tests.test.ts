/**
 * The unit-tested trials, run for real: each reference passes every hidden test, each starter fails
 * one (a test or an io case), and each kept wrong solution fails the very test its front matter names.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testNames } from "@koc/shared/unit-tests";
import { describe, expect, it } from "vitest";
import { loadExercises } from "./exercises.js";
import { findJdk } from "./jdk.js";
import { has, PYTHON } from "./run-programs.js";
import type { TrialFile } from "./schema.js";
import { testCatalogue } from "./test-catalogue.js";
import { JUNIT_JAR, runJava, runSuites, type Suite } from "./unit-test-runs.js";

const catalogue = testCatalogue();
const trials = catalogue.courses.flatMap((c) => (c.exercises ?? []).filter((e) => e.tests));
const jdk21 = findJdk(21);
const canRun = {
  java: has("javac", "-version") && existsSync(JUNIT_JAR),
  python: has(PYTHON),
  javascript: true,
};
const filesOf = (files: TrialFile[] | undefined) => (files ? { files } : {});
const java21Trials = trials.filter((t) => t.release === 21);

describe("reading a trial's tests", () => {
  it("names Java tests by @DisplayName, Python by docstring, JavaScript by title; refuses unnamed ones", () => {
    expect(
      testNames("java", '@Test\n@DisplayName("adds \\"two\\"")\nvoid a() {}\n@Test @DisplayName("b") void b() {}'),
    ).toEqual(['adds "two"', "b"]);
    expect(testNames("java", '@Test\nvoid a() {}\n@Test @DisplayName("b") void b() {}')).toBeUndefined();
    expect(testNames("python", 'class T(unittest.TestCase):\n    def test_a(self):\n        """adds two"""\n')).toEqual(
      ["adds two"],
    );
    expect(testNames("python", "class T(unittest.TestCase):\n    def test_a(self):\n        pass\n")).toBeUndefined();
    expect(testNames("javascript", "test(\"adds two\", () => {});\ntest('b', () => {});")).toEqual(["adds two", "b"]);
    expect(testNames("javascript", "test(name, () => {});")).toBeUndefined();
  });
});

describe("the format's ## Tests and ## Wrong sections", () => {
  const lessons = catalogue.courses.find((c) => c.id === "java-programming")?.lessons ?? [];
  const front = (extra = "") => `---
title: Echo
difficulty: 1
language: java${extra}
hints: ["Print it."]
cases:
  - { name: one, sample: true, stdin: "a\\n", stdout: "a\\n" }
---
`;
  const program =
    "```java\npublic class Main { static int twice(int n) { return 2 * n; } public static void main(String[] a) { } }\n```";
  const tests = (names: string[]) =>
    `\`\`\`java\nimport org.junit.jupiter.api.*;\nclass TwiceTest {\n${names
      .map(
        (n, i) =>
          `  @Test @DisplayName("${n}") void t${i}() { Assertions.assertEquals(4, Main.twice(2), "2 twice is 4"); }`,
      )
      .join("\n")}\n}\n\`\`\``;
  const body = (more: string) =>
    `## Task\n\nWrite twice(n), which returns two times n, and keep main as it is given here.\n\n## Starter\n\n${program}\n\n## Solution\n\n${program}\n${more}`;
  const load = (text: string) => {
    const dir = mkdtempSync(join(tmpdir(), "koc-ut-"));
    try {
      writeFileSync(join(dir, "00-introduction-to-java.1.md"), text);
      return loadExercises("java-programming", dir, ["00-introduction-to-java.1.md"], lessons);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("loads the tests' names, the wrong solution and release: 21", () => {
    const { exercises, problems } = load(
      front("\nrelease: 21\nwrong:\n  fails: doubles two") +
        body(
          `\n## Tests\n\n${tests(["doubles two", "doubles zero", "doubles minus one"])}\n\n## Wrong\n\n${program}\n`,
        ),
    );
    expect(problems).toEqual([]);
    expect(exercises[0]).toMatchObject({
      release: 21,
      tests: { names: ["doubles two", "doubles zero", "doubles minus one"], className: "TwiceTest" },
      wrong: { fails: "doubles two" },
    });
  });

  it.each([
    [front() + body(`\n## Tests\n\n${tests(["a"]).replace('@DisplayName("a") ', "")}\n`), /needs a @DisplayName/],
    [front() + body(`\n## Tests\n\n${tests(["a", "a", "b"])}\n`), /test names must be distinct/],
    [front() + body(`\n## Tests\n\n${tests(["a", "b"])}\n`), /at least 3 hidden cases or unit tests/],
    [front() + body(`\n## Tests\n\n${tests(["a", "b", "c"])}\n\n## Wrong\n\n${program}\n`), /come together/],
    [
      front("\nwrong:\n  fails: nothing") + body(`\n## Tests\n\n${tests(["a", "b", "c"])}\n\n## Wrong\n\n${program}\n`),
      /wrong.fails names no test/,
    ],
    [
      front() + body(`\n## Wrong\n\n${program}\n\n## Tests\n\n${tests(["a", "b", "c"])}\n`),
      /then optionally ## Tests and ## Wrong/,
    ],
    [front("\nrelease: 11") + body(`\n## Tests\n\n${tests(["a", "b", "c"])}\n`), /release/],
  ])("rejects a malformed unit-tested trial (%#)", (text, problem) => {
    expect(load(text).problems.join("\n")).toMatch(problem);
  });
});

describe("multi-file project trials (file= fences)", () => {
  const lessons = catalogue.courses.find((c) => c.id === "java-programming")?.lessons ?? [];
  const front = `---
title: Echo project
difficulty: 1
language: java
hints: ["Print it."]
cases:
  - { name: one, sample: true, stdin: "", stdout: "1\\n" }
  - { name: two, stdin: "", stdout: "1\\n" }
  - { name: three, stdin: "", stdout: "1\\n" }
  - { name: four, stdin: "", stdout: "1\\n" }
---
`;
  const main = (path = "kingdom/Main.java", pkg = "kingdom") =>
    `\`\`\`java file=${path}\npackage ${pkg};\n\npublic class Main { public static void main(String[] a) { System.out.println(kingdom.army.Unit.one()); } }\n\`\`\``;
  const unit = (path = "kingdom/army/Unit.java", pkg = "kingdom.army") =>
    `\`\`\`java file=${path}\npackage ${pkg};\n\npublic class Unit { public static int one() { return 1; } }\n\`\`\``;
  const body = (starter: string, solution = starter) =>
    `## Task\n\nPrint what Unit.one returns, from a project of two files in two packages.\n\n## Starter\n\n${starter}\n\n## Solution\n\n${solution}\n`;
  const load = (text: string) => {
    const dir = mkdtempSync(join(tmpdir(), "koc-proj-"));
    try {
      writeFileSync(join(dir, "00-introduction-to-java.1.md"), text);
      return loadExercises("java-programming", dir, ["00-introduction-to-java.1.md"], lessons);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("loads a flat project: its files, its main class, its Main.java as the starter", () => {
    const { exercises, problems } = load(front + body(`${main()}\n\n${unit()}`));
    expect(problems).toEqual([]);
    expect(exercises[0]?.project).toMatchObject({ layout: "flat", mainClass: "kingdom.Main" });
    expect(exercises[0]?.project?.starter.map((f) => f.path)).toEqual(["kingdom/Main.java", "kingdom/army/Unit.java"]);
    expect(exercises[0]?.starter).toContain("public class Main");
  });

  it("loads a Maven project with its read-only pom.xml", () => {
    const pom = "```xml file=pom.xml readonly\n<project></project>\n```";
    const m = main("src/main/java/kingdom/Main.java");
    const u = unit("src/main/java/kingdom/army/Unit.java");
    const { exercises, problems } = load(front + body(`${pom}\n\n${m}\n\n${u}`, `${m}\n\n${u}`));
    expect(problems).toEqual([]);
    expect(exercises[0]?.project?.layout).toBe("maven");
    expect(exercises[0]?.project?.solution.find((f) => f.path === "pom.xml")?.readOnly).toBe(true);
  });

  it.each([
    [body(`${main()}\n\n${unit("kingdom/army/Unit.java", "kingdom")}`), /must declare package kingdom\.army/],
    [body(`${main()}\n\n${unit("../Unit.java", "")}`), /relative path of Java names/],
    [body(`${main()}\n\n${unit("kingdom/army/Unit.txt")}`), /ending in \.java/],
    [body(`${main()}\n\n${main()}`), /appears twice/],
    [body(`${main()}\n\n${unit("kingdom/army/Troop.java")}`), /its file must be Unit\.java/],
    [body(unit()), /exactly one Main\.java/],
    [body(`${main()}\n\n${unit()}`, main()), /same program files/],
    [body(`${main("src/main/java/kingdom/Main.java")}\n\n${unit("src/main/java/kingdom/army/Unit.java")}`), /pom\.xml/],
    [body(`${main()}\n\n\`\`\`java\nclass Loose {}\n\`\`\``), /names its file/],
  ])("refuses a malformed project (%#)", (text, problem) => {
    expect(load(front + text).problems.join("\n")).toMatch(problem);
  });
});

describe("running many Java suites in one JVM", () => {
  const suite = (className: string, names: string[], body: string): Suite => ({
    exercise: {
      id: className,
      language: "java",
      tests: {
        className,
        names,
        code: `import static org.junit.jupiter.api.Assertions.*;\nimport org.junit.jupiter.api.*;\nclass ${className} {\n${body}\n}\n`,
      },
    } as Suite["exercise"],
    role: "starter",
    code: "public class Main { public static void main(String[] args) {} }",
  });
  // Set by a test that never ends; a JVM-wide property, so a suite in the same JVM would see it.
  const clean = (name: string) =>
    `  @Test @DisplayName("${name}") void t() { assertNull(System.getProperty("koc.spinning"), "a spinning thread is here"); }`;

  it.runIf(canRun.java)(
    "runs the suites after one whose test ran out of time in a fresh JVM, away from its spinning thread",
    () => {
      const suites = [
        suite("FirstTest", ["before"], clean("before")),
        suite(
          "SpinTest",
          ["spins"],
          `  @Test @DisplayName("spins") void a() { System.setProperty("koc.spinning", "yes"); while (true) { Math.sqrt(Math.random()); } }`,
        ),
        suite("LaterTest", ["later"], clean("later")),
        // A trial's own time limit fails its test, and cannot stop the code either.
        suite(
          "TimedTest",
          ["times out"],
          `  @Test @DisplayName("times out") void a() { assertTimeoutPreemptively(java.time.Duration.ofMillis(200), () -> { System.setProperty("koc.spinning", "yes"); while (true) { Math.sqrt(Math.random()); } }); }`,
        ),
        suite("LastTest", ["last"], clean("last")),
      ];
      expect(runJava(suites, "java", 17).map((o) => o.statuses)).toEqual([
        { before: "passed" },
        { spins: "timedOut" },
        { later: "passed" },
        { "times out": "failed" },
        { last: "passed" },
      ]);
    },
    120_000,
  );
});

describe("the unit-tested trials", () => {
  it("exist in every course with trials, and keep a wrong solution each", () => {
    for (const lang of ["java", "python", "javascript"]) {
      expect(trials.filter((t) => t.language === lang).length, lang).toBeGreaterThanOrEqual(2);
    }
    expect(trials.filter((t) => !t.wrong).map((t) => t.id)).toEqual([]);
  });

  it(`Java 21 trials run on Java 21 (${jdk21 ? `JDK ${jdk21.release} found` : "SKIPPED: no JDK 21+ installed"})`, () => {
    if (!jdk21) {
      console.warn(
        `content: the ${java21Trials.length} Java 21 trials' tests were NOT run: no JDK 21 or newer found (JAVA21_HOME, JAVA_HOME, PATH, /usr/lib/jvm).`,
      );
    }
  });

  it.each(["java", "python", "javascript"] as const)(
    "%s: the reference passes every test, the starter fails one, the wrong solution fails its named test",
    async (lang) => {
      if (!canRun[lang]) {
        console.warn(`content: ${lang} unit tests NOT run: ${lang === "java" ? "no JDK or no junit5" : "no python3"}`);
        return;
      }
      const mine = trials.filter((t) => t.language === lang && (t.release !== 21 || jdk21));
      const suites: Suite[] = mine.flatMap((exercise) => [
        { exercise, role: "solution" as const, code: exercise.solution, ...filesOf(exercise.project?.solution) },
        { exercise, role: "starter" as const, code: exercise.starter, ...filesOf(exercise.project?.starter) },
        ...(exercise.wrong
          ? [{ exercise, role: "wrong" as const, code: exercise.wrong.code, ...filesOf(exercise.wrong.files) }]
          : []),
      ]);
      const outcomes = await runSuites(suites, jdk21);
      const problems = suites.flatMap((s, i) => {
        const o = outcomes[i];
        const where = `${s.exercise.id} ${s.role}`;
        if (!o) return [`${where}: not run`];
        const failing = Object.entries(o.statuses).filter(([, status]) => status !== "passed");
        if (s.role === "solution") {
          if (o.problem) return [`${where}: ${o.problem}`];
          return failing.map(([name, status]) => `${where}: "${name}" ${status}`);
        }
        if (s.role === "starter") return o.problem || failing.length > 0 ? [] : [`${where}: passes every test`];
        const fails = s.exercise.wrong?.fails ?? "";
        return o.statuses[fails] === "failed" || o.statuses[fails] === "timedOut"
          ? []
          : [`${where}: "${fails}" did not fail (${o.problem ?? o.statuses[fails] ?? "no such test"})`];
      });
      expect(problems).toEqual([]);
    },
    600_000,
  );
});
