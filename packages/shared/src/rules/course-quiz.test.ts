import { describe, expect, it } from "vitest";
import { COURSE_QUIZ_SETS, courseQuizFor } from "./course-quiz.js";

describe("course-level quiz sets", () => {
  it("has three questions of four options for each named course", () => {
    expect(Object.keys(COURSE_QUIZ_SETS).sort()).toEqual([
      "JavaScript Fundamentals",
      "Python Programming",
      "React Development",
    ]);
    for (const set of Object.values(COURSE_QUIZ_SETS)) {
      expect(set).toHaveLength(3);
      for (const q of set) {
        expect(q.options).toHaveLength(4);
        // The answer key stays on the server.
        expect(Object.keys(q).sort()).toEqual(["options", "question"]);
      }
    }
  });

  it("falls back to the JavaScript set for any other title", () => {
    expect(courseQuizFor("Python Programming")).toBe(COURSE_QUIZ_SETS["Python Programming"]);
    expect(courseQuizFor("Java Programming")).toBe(COURSE_QUIZ_SETS["JavaScript Fundamentals"]);
  });
});
