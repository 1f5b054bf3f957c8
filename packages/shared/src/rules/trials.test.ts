import { describe, expect, it } from "vitest";
import { XP_PER_TRIAL } from "../contracts/exercises.js";
import {
  courseXp,
  editorLanguageFor,
  normaliseOutput,
  outputMatches,
  trialAchievementsFor,
  trialAchievementsUnlocked,
} from "./trials.js";

describe("trial grading and rewards", () => {
  it("normalises CRLF, trailing spaces and trailing blank lines, and nothing else", () => {
    expect(normaliseOutput("a  \r\nb\t\n\n\n")).toBe("a\nb");
    expect(outputMatches("6\n", "6")).toBe(true);
    expect(outputMatches("6 \n\n", "6\n")).toBe(true);
    expect(outputMatches(" 6\n", "6\n")).toBe(false);
    expect(outputMatches("a\n\nb\n", "a\nb\n")).toBe(false);
    expect(outputMatches("A\n", "a\n")).toBe(false);
    expect(outputMatches("a\rb", "a\nb")).toBe(false);
  });

  it("adds XP_PER_TRIAL per passed trial to the topics' xp", () => {
    expect(courseXp(2, 0)).toBe(100);
    expect(courseXp(2, 3)).toBe(100 + 3 * XP_PER_TRIAL);
  });

  it("unlocks the first trial achievement on the first pass only", () => {
    expect(trialAchievementsUnlocked(0, 1)).toEqual(["First Trial"]);
    expect(trialAchievementsUnlocked(1, 2)).toEqual([]);
    expect(trialAchievementsUnlocked(9, 10)).toEqual(["Trial Veteran"]);
    expect(
      trialAchievementsFor(10)
        .filter((a) => a.unlocked)
        .map((a) => a.name),
    ).toEqual(["First Trial", "Trial Veteran"]);
  });
});

describe("editorLanguageFor", () => {
  it("gives each course with trials its language, and Java to any other id, Object.prototype's names included", () => {
    expect(editorLanguageFor("python-programming")).toBe("python");
    expect(editorLanguageFor("javascript-fundamentals")).toBe("javascript");
    expect(editorLanguageFor("data-structures-algorithms")).toBe("java");
    expect(editorLanguageFor("git-version-control")).toBe("java");
    for (const id of ["constructor", "__proto__", "toString", "hasOwnProperty"])
      expect(editorLanguageFor(id)).toBe("java");
  });
});
