import { describe, expect, it } from "vitest";
import { XP_PER_TRIAL } from "../contracts/exercises.js";
import {
  type HelpRecord,
  nextHint,
  solutionReadable,
  solutionUnlocked,
  XP_PER_TRIAL_WITH_HELP,
} from "./help-ladder.js";
import { courseXp } from "./trials.js";

const start: HelpRecord = {
  hintCount: 3,
  hintsTaken: 0,
  failures: 0,
  failuresAtLastHint: 0,
  revealed: false,
  passed: false,
};

describe("the ladder of help", () => {
  it("gives the first hint on request, each next one only after another failure", () => {
    expect(nextHint(start)).toBe("available");
    const one = { ...start, hintsTaken: 1 };
    expect(nextHint(one)).toBe("after-attempt");
    expect(nextHint({ ...one, failures: 1 })).toBe("available");
    expect(nextHint({ ...one, hintsTaken: 2, failures: 1, failuresAtLastHint: 1 })).toBe("after-attempt");
    expect(nextHint({ ...start, hintsTaken: 3, failures: 9 })).toBe("none");
    expect(nextHint({ ...start, hintCount: 0 })).toBe("none");
  });

  it("unlocks the solution after three failures; it can be read once revealed or passed", () => {
    expect(solutionUnlocked({ ...start, failures: 2 })).toBe(false);
    expect(solutionUnlocked({ ...start, failures: 3 })).toBe(true);
    expect(solutionReadable({ ...start, failures: 3 })).toBe(false);
    expect(solutionReadable({ ...start, revealed: true })).toBe(true);
    expect(solutionReadable({ ...start, passed: true })).toBe(true);
  });

  it("counts a trial solved with help at a quarter of the xp, in whole xp", () => {
    expect(XP_PER_TRIAL_WITH_HELP).toBe(Math.floor(XP_PER_TRIAL / 4));
    expect(courseXp(2, 1, 2)).toBe(2 * 50 + XP_PER_TRIAL + 2 * XP_PER_TRIAL_WITH_HELP);
    expect(courseXp(2, 1)).toBe(2 * 50 + XP_PER_TRIAL);
  });
});
