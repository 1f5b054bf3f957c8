/**
 * The unit-tested trials, run for real: each reference passes every hidden test, each starter fails
 * one (a test or an io case), and each kept wrong solution fails the very test its front matter names.
 */
import { existsSync } from "node:fs";
import { testNames } from "@koc/shared/unit-tests";
import { describe, expect, it } from "vitest";
import { coursesDir, loadCatalogue } from "./index.js";
import { findJdk } from "./jdk.js";
import { has } from "./run-programs.js";
import { JUNIT_JAR, runSuites, type Suite } from "./unit-test-runs.js";

const { catalogue } = loadCatalogue(coursesDir);
const trials = catalogue.courses.flatMap((c) => (c.exercises ?? []).filter((e) => e.tests));
const jdk21 = findJdk(21);
const canRun = {
  java: has("javac", "-version") && existsSync(JUNIT_JAR),
  python: has("python3"),
  javascript: true,
};
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
        { exercise, role: "solution" as const, code: exercise.solution },
        { exercise, role: "starter" as const, code: exercise.starter },
        ...(exercise.wrong ? [{ exercise, role: "wrong" as const, code: exercise.wrong.code }] : []),
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
    300_000,
  );
});
