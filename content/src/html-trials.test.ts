/**
 * The HTML trials, checked for real in headless Chromium with the runner the server uses: each
 * reference passes every check, each starter fails one, and each wrong solution fails the check its
 * front matter names (docs/decisions/0031-html-trials.md).
 */
import { htmlCheckList } from "@koc/shared/html-checks";
import { chromiumPath, createPageChecker } from "@koc/shared/html-checks/chromium";
import { afterAll, describe, expect, it } from "vitest";
import { testCatalogue } from "./test-catalogue.js";

const catalogue = testCatalogue();
const course = catalogue.courses.find((c) => c.id === "html-css-foundations");
const trials = (course?.exercises ?? []).filter((e) => e.language === "html");
const chromium = chromiumPath();
const checker = createPageChecker({ timeoutMs: 30_000 });
afterAll(() => checker.close());

describe("reading an HTML trial's checks", () => {
  it("names each check and its width, and refuses a check without a literal name", () => {
    expect(
      htmlCheckList('check("a \\"b\\"", ({ $ }) => {});\ncheck("narrow", { width: 400 }, ({ $ }) => {});'),
    ).toEqual([
      { name: 'a "b"', width: 800 },
      { name: "narrow", width: 400 },
    ]);
    expect(htmlCheckList("check(name, () => {});")).toBeUndefined();
    expect(htmlCheckList("const x = 1;")).toBeUndefined();
  });
});

describe("the HTML trials", () => {
  it("give every lesson of the HTML course a trial with a wrong solution", () => {
    expect(new Set(trials.map((t) => t.materialId)).size).toBe(course?.lessons.length);
    expect(trials.filter((t) => !t.wrong || !t.tests).map((t) => t.id)).toEqual([]);
  });

  it.each(trials.map((t) => [t.id, t] as const))(
    "%s: the reference passes every check, the starter fails one, the wrong page fails its named check",
    async (_id, trial) => {
      if (!chromium) {
        console.warn(`content: ${trial.id} NOT checked: no Chromium (set KOC_CHROMIUM_PATH)`);
        return;
      }
      const tests = trial.tests;
      if (!tests || !trial.wrong) throw new Error(`${trial.id} has no checks or no wrong page`);
      const checks = tests.names.map((name, i) => ({ name, width: tests.widths?.[i] ?? 800 }));
      const solution = await checker.run(trial.solution, tests.code, checks);
      expect(
        solution.filter((r) => !r.passed),
        "reference",
      ).toEqual([]);
      const starter = await checker.run(trial.starter, tests.code, checks);
      expect(
        starter.some((r) => !r.passed),
        "the starter fails a check",
      ).toBe(true);
      const wrong = await checker.run(trial.wrong.code, tests.code, checks);
      const named = wrong.find((r) => r.name === trial.wrong?.fails);
      expect(named?.passed, `the wrong page fails "${trial.wrong.fails}"`).toBe(false);
    },
    60_000,
  );
});
