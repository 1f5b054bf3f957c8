import { describe, expect, it } from "vitest";
import { emptyProgress, markComplete, markIncomplete } from "./progress.js";
import { mergeProgress, normaliseProgress } from "./progress-merge.js";

describe("progress merge rule", () => {
  it("keeps every completed and unlocked lesson from both sides", () => {
    const browser = { ...markComplete(markComplete(emptyProgress(), "a"), "b"), knowledgeUnlocked: ["a", "b"] };
    const server = { ...markComplete(emptyProgress(), "c"), knowledgeUnlocked: ["c"] };
    const merged = mergeProgress(browser, server);
    expect(merged.completed).toEqual(["a", "b", "c"]);
    expect(merged.knowledgeUnlocked).toEqual(["a", "b", "c"]);
  });

  it("keeps the best quiz score per lesson", () => {
    const merged = mergeProgress(
      { ...emptyProgress(), topicProgress: { a: 60, b: 100 } },
      { ...emptyProgress(), topicProgress: { a: 80, c: 40 } },
    );
    expect(merged.topicProgress).toEqual({ a: 80, b: 100, c: 40 });
  });

  it("recomputes xp as 50 per completed lesson, as the progress rules give", () => {
    const browser = markComplete(markComplete(emptyProgress(), "a"), "b");
    const server = markComplete(markComplete(emptyProgress(), "b"), "c");
    const merged = mergeProgress(browser, server);
    expect(merged.xp).toBe(150);
    let replayed = emptyProgress();
    for (const id of merged.completed) replayed = markComplete(replayed, id);
    expect(merged.xp).toBe(replayed.xp);
  });

  it("keeps the larger streak", () => {
    const a = markIncomplete(markComplete(markComplete(emptyProgress(), "a"), "b"), "b");
    expect(a.streak).toBe(2);
    const b = markComplete(emptyProgress(), "c");
    expect(mergeProgress(a, b).streak).toBe(2);
    expect(mergeProgress(b, a).streak).toBe(2);
  });

  it("is symmetric in content and idempotent", () => {
    const a = { ...markComplete(emptyProgress(), "a"), topicProgress: { a: 90 } };
    const b = { ...markComplete(emptyProgress(), "b"), knowledgeUnlocked: ["b"] };
    const ab = mergeProgress(a, b);
    const ba = mergeProgress(b, a);
    expect([...ab.completed].sort()).toEqual([...ba.completed].sort());
    expect(ab.topicProgress).toEqual(ba.topicProgress);
    expect([ab.xp, ab.streak]).toEqual([ba.xp, ba.streak]);
    expect(mergeProgress(ab, ab)).toEqual(ab);
  });

  it("reads either stored shape and ignores garbage", () => {
    expect(normaliseProgress({ completed: ["a", 2], streak: 3, xp: 100 })).toEqual({
      completed: ["a", "2"],
      knowledgeUnlocked: [],
      topicProgress: {},
      xp: 100,
      streak: 3,
    });
    expect(normaliseProgress("nonsense")).toEqual(emptyProgress());
    expect(normaliseProgress({ topicProgress: { a: 150, b: "x" }, xp: -5 })).toMatchObject({
      topicProgress: { a: 100 },
      xp: 0,
    });
  });

  it("keeps lesson ids that are names on Object.prototype as ordinary ids", () => {
    const merged = mergeProgress(
      { ...emptyProgress(), topicProgress: JSON.parse('{"constructor": 60, "__proto__": 80}') },
      { ...emptyProgress(), topicProgress: JSON.parse('{"constructor": 90, "toString": 40, "__proto__": 70}') },
    );
    expect(Object.entries(merged.topicProgress).sort()).toEqual([
      ["__proto__", 80],
      ["constructor", 90],
      ["toString", 40],
    ]);
    const read = normaliseProgress(JSON.parse('{"topicProgress": {"hasOwnProperty": 50, "__proto__": 20}}'));
    expect(Object.entries(read.topicProgress).sort()).toEqual([
      ["__proto__", 20],
      ["hasOwnProperty", 50],
    ]);
  });

  it("keeps the trials' xp the server counted beside the completed lessons' (the larger side's)", () => {
    const server = { ...emptyProgress(), completed: ["a"], xp: 50 + 2 * 25 };
    const browser = { ...emptyProgress(), completed: ["a", "b"], xp: 100 };
    expect(mergeProgress(browser, server).xp).toBe(100 + 50);
    expect(mergeProgress(server, browser).xp).toBe(100 + 50);
    expect(mergeProgress(server, server)).toEqual(server);
  });
});
