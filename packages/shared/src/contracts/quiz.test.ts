import { describe, expect, it } from "vitest";
import { lessonSectionPath, sectionId } from "../rules/lesson-links.js";
import { courseQuiz, quizAttemptResult } from "./quiz.js";

describe("quiz contracts", () => {
  it("a failed attempt cannot carry the key: correctIndex is dropped by the contract", () => {
    const parsed = quizAttemptResult.parse({
      score: 40,
      passed: false,
      results: [{ correct: false, correctIndex: 2, explain: "why", read: { title: "T", href: "/x" } }],
    });
    expect(JSON.stringify(parsed)).not.toContain("correctIndex");
  });

  it("a passed attempt must carry the key for every question", () => {
    expect(quizAttemptResult.safeParse({ score: 100, passed: true, results: [{ correct: true }] }).success).toBe(false);
    expect(
      quizAttemptResult.safeParse({ score: 100, passed: true, results: [{ correct: true, correctIndex: 1 }] }).success,
    ).toBe(true);
  });

  it("the course quiz's questions travel without key and explanations", () => {
    const parsed = courseQuiz.parse({
      courseId: "c",
      questions: [{ question: "q", options: ["a", "b", "c", "d"], correct: 1, explain: "e" }],
    });
    expect(Object.keys(parsed.questions[0] ?? {}).sort()).toEqual(["options", "question"]);
  });
});

describe("lesson section links", () => {
  it("slugs a heading as the renderer does, inline marks and punctuation dropped", () => {
    expect(sectionId("Arithmetic Operators")).toBe("section-arithmetic-operators");
    expect(sectionId("The `switch` Expression (Java 14+)")).toBe("section-the-switch-expression-java-14");
    expect(sectionId("**Bold** _and_ café")).toBe("section-bold-and-cafe");
    expect(sectionId("!!!")).toBe("section-part");
  });

  it("links a lesson, at a section when one is named", () => {
    expect(lessonSectionPath("java-programming", "java-programming--operators")).toBe(
      "/course/java-programming/lesson/java-programming--operators",
    );
    expect(lessonSectionPath("java-programming", "java-programming--operators", "Arithmetic Operators")).toBe(
      "/course/java-programming/lesson/java-programming--operators#section-arithmetic-operators",
    );
  });
});
