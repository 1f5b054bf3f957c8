import { describe, expect, it } from "vitest";
import {
  achievementsFor,
  emptyProgress,
  levelFor,
  markComplete,
  markIncomplete,
  percentComplete,
  xpToNextLevel,
} from "./progress.js";

describe("progress rules", () => {
  it("marking complete adds the material, +50 xp and +1 streak", () => {
    const p = markComplete(emptyProgress(), "a");
    expect(p).toMatchObject({ completed: ["a"], xp: 50, streak: 1 });
    const q = markComplete(p, "b");
    expect(q).toMatchObject({ completed: ["a", "b"], xp: 100, streak: 2 });
  });

  it("completing the same material twice changes nothing", () => {
    const p = markComplete(emptyProgress(), "a");
    expect(markComplete(p, "a")).toBe(p);
  });

  it("marking incomplete removes it and takes off 50 xp, streak unchanged", () => {
    const p = markComplete(markComplete(emptyProgress(), "a"), "b");
    const q = markIncomplete(p, "a");
    expect(q).toMatchObject({ completed: ["b"], xp: 50, streak: 2 });
  });

  it("xp never goes below 0", () => {
    const p = { ...emptyProgress(), completed: ["a"], xp: 20 };
    expect(markIncomplete(p, "a").xp).toBe(0);
    expect(markIncomplete(emptyProgress(), "zzz").xp).toBe(0);
  });

  it("level = floor(xp/200)+1 and xp to next = 200 - xp mod 200", () => {
    expect([0, 50, 199, 200, 399, 400, 1000].map(levelFor)).toEqual([1, 1, 1, 2, 2, 3, 6]);
    expect([0, 50, 199, 200, 350].map(xpToNextLevel)).toEqual([200, 150, 1, 200, 50]);
  });

  it("percent is rounded completed/total and 0 for an empty course", () => {
    expect(percentComplete(1, 3)).toBe(33);
    expect(percentComplete(2, 3)).toBe(67);
    expect(percentComplete(50, 50)).toBe(100);
    expect(percentComplete(0, 0)).toBe(0);
  });

  it("achievements unlock at 25, 50, 75 and 100 percent", () => {
    const names = (p: number) =>
      achievementsFor(p)
        .filter((a) => a.unlocked)
        .map((a) => a.name);
    expect(names(24)).toEqual([]);
    expect(names(25)).toEqual(["First Steps"]);
    expect(names(50)).toEqual(["First Steps", "Warrior"]);
    expect(names(75)).toEqual(["First Steps", "Warrior", "Noble"]);
    expect(names(100)).toEqual(["First Steps", "Warrior", "Noble", "King of Code"]);
  });
});
