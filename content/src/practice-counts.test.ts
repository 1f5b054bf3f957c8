/**
 * The practice a course offers, as floors the catalogue must keep: three trials for each of the
 * Java basics (topics 00 to 26, reading input included), 180 Java trials in all, three multi-file
 * projects; Python and JavaScript with 12 lessons, three trials a lesson and code-reading questions
 * for at least a third of their quiz; a trial per lesson in data structures, SQL and HTML and CSS,
 * each of its own kind; a unit-tested Java trial for every coding lesson of the interview course. Each trial's own checks (reference passes, starter fails) are
 * content.test.ts's, unit-tests.test.ts's, sql-trials.test.ts's and html-trials.test.ts's.
 */
import { describe, expect, it } from "vitest";
import { testCatalogue } from "./test-catalogue.js";

const catalogue = testCatalogue();
const course = (id: string) => {
  const c = catalogue.courses.find((x) => x.id === id);
  if (!c) throw new Error(`no course ${id}`);
  return c;
};
const trialsPerLesson = (id: string) => {
  const c = course(id);
  return c.lessons.map((l) => ({ lesson: l.id, trials: (c.exercises ?? []).filter((e) => e.materialId === l.id) }));
};

describe("enough practice to learn from", () => {
  it("gives every Java basic (topics 00 to 26) three trials, and the course 180, three of them projects", () => {
    const java = course("java-programming");
    expect(java.lessons[3]?.title).toBe("Reading Input with Scanner");
    const basics = trialsPerLesson("java-programming").slice(0, 27);
    expect(basics.filter((b) => b.trials.length < 3).map((b) => b.lesson)).toEqual([]);
    expect(java.exercises?.length ?? 0).toBeGreaterThanOrEqual(180);
    expect((java.exercises ?? []).filter((e) => e.project).length).toBeGreaterThanOrEqual(3);
  });

  it.each(["python-programming", "javascript-fundamentals"])(
    "gives %s 12 lessons, three trials each and code-reading questions for a third of its quiz",
    (id) => {
      const c = course(id);
      expect(c.lessons.length).toBeGreaterThanOrEqual(12);
      expect(
        trialsPerLesson(id)
          .filter((l) => l.trials.length < 3)
          .map((l) => l.lesson),
      ).toEqual([]);
      const questions = c.lessons.flatMap((l) => l.quiz.map((_, i) => l.quizExpect?.[i]));
      const reading = questions.filter((e) => e !== undefined).length;
      expect(reading * 3).toBeGreaterThanOrEqual(questions.length);
    },
  );

  it.each([
    ["data-structures-algorithms", "java"],
    ["sql-databases", "sql"],
    ["html-css-foundations", "html"],
  ])("gives every lesson of %s a %s trial", (id, language) => {
    const lessons = trialsPerLesson(id);
    expect(lessons.length).toBeGreaterThanOrEqual(8);
    expect(lessons.filter((l) => !l.trials.some((t) => t.language === language)).map((l) => l.lesson)).toEqual([]);
  });

  it("gives every coding lesson of coding-interview-preparation a unit-tested Java trial, timed where speed is the point", () => {
    // Lesson 06 is the behavioural interview (STAR): no coding task fits it fairly, so it has none.
    const coding = trialsPerLesson("coding-interview-preparation").filter(
      (l) => !l.lesson.endsWith("--behavioural-interviews-and-the-star-method"),
    );
    expect(coding.length).toBeGreaterThanOrEqual(7);
    expect(
      coding.filter((l) => !l.trials.some((t) => t.language === "java" && t.tests && t.wrong)).map((l) => l.lesson),
    ).toEqual([]);
    const timed = (course("coding-interview-preparation").exercises ?? []).filter((e) =>
      /assertTimeoutPreemptively/.test(e.tests?.code ?? ""),
    );
    expect(timed.length).toBeGreaterThanOrEqual(5);
  });

  it("times the method in the data-structures trials where speed is the point", () => {
    const timed = (course("data-structures-algorithms").exercises ?? []).filter((e) =>
      /assertTimeoutPreemptively/.test(e.tests?.code ?? ""),
    );
    expect(timed.length).toBeGreaterThanOrEqual(6);
  });
});
