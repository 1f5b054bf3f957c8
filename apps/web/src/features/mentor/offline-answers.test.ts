import { describe, expect, it } from "vitest";
import { OFFLINE_ANSWERS, OFFLINE_FALLBACK, offlineAnswer } from "./offline-answers";

const answerFor = (key: string) => OFFLINE_ANSWERS.find(([k]) => k === key)?.[1];

describe("Kattappa's offline answers (spec section 8, chat network failure)", () => {
  it("keeps the offline topic keys in their published order", () => {
    expect(OFFLINE_ANSWERS.map(([key]) => key)).toEqual([
      "javascript",
      "python",
      "java",
      "react",
      "closures",
      "promises",
      "loops",
      "classes",
      "usestate",
      "help",
      "bug",
      "interview",
      "hello",
      "hi",
      "thanks",
      "thank you",
    ]);
    expect(new Set(OFFLINE_ANSWERS.map(([, answer]) => answer)).size).toBe(OFFLINE_ANSWERS.length);
  });

  it("answers with the first key contained in the lowercased message", () => {
    // "javascript" contains "java": the earlier key wins.
    expect(offlineAnswer("Is JAVASCRIPT the same as Java?")).toBe(answerFor("javascript"));
    expect(offlineAnswer("java or python?")).toBe(answerFor("python"));
    expect(offlineAnswer("Java loops")).toBe(answerFor("java"));
    expect(offlineAnswer("help me with React hooks")).toBe(answerFor("react"));
    expect(offlineAnswer("Why does useState not update? help")).toBe(answerFor("usestate"));
    expect(offlineAnswer("a bug in my interview code")).toBe(answerFor("bug"));
    // Contained, not a whole word: "this" holds "hi".
    expect(offlineAnswer("what is this")).toBe(answerFor("hi"));
    expect(offlineAnswer("Thank you!")).toBe(answerFor("thank you"));
    expect(offlineAnswer("thanks a lot")).toBe(answerFor("thanks"));
  });

  it("otherwise says the connection was disrupted and lists the supported languages", () => {
    expect(offlineAnswer("sorting")).toBe(OFFLINE_FALLBACK);
    expect(OFFLINE_FALLBACK).toMatch(/disrupted/);
    for (const language of ["Java", "Python", "JavaScript"]) expect(OFFLINE_FALLBACK).toContain(language);
  });
});
