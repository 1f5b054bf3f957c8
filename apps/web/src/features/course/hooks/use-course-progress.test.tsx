import { emptyProgress } from "@koc/shared";
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readProgress, useCourseProgress } from "./use-course-progress";

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe("course progress in the browser", () => {
  it("restores progress_{courseId} when the course opens, accepting the older record shape", () => {
    localStorage.setItem("progress_java", JSON.stringify({ completed: ["a", 3], streak: 2, xp: 100 }));
    // One reader for both sides (packages/shared): a lesson index from the older shape is kept as an id.
    expect(readProgress("java")).toEqual({
      completed: ["a", "3"],
      knowledgeUnlocked: [],
      topicProgress: {},
      xp: 100,
      streak: 2,
    });
    localStorage.setItem("progress_bad", "{not json");
    expect(readProgress("bad").completed).toEqual([]);
  });

  it("keeps a failing score as current progress and leaves the topic locked", () => {
    const { result } = renderHook(() => useCourseProgress("java"));
    act(() => result.current.recordQuiz("t0", 60));
    expect(result.current.progress).toMatchObject({
      completed: [],
      knowledgeUnlocked: [],
      topicProgress: { t0: 60 },
      xp: 0,
    });
  });

  it("a pass unlocks, completes (+50 xp, +1 streak) and saves the one record; changes reach onChange", () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useCourseProgress("java", onChange));
    act(() => result.current.recordQuiz("t0", 80));
    const saved = JSON.parse(localStorage.getItem("progress_java") ?? "null");
    expect(saved).toEqual({
      completed: ["t0"],
      knowledgeUnlocked: ["t0"],
      topicProgress: { t0: 80 },
      xp: 50,
      streak: 1,
    });
    // onChange gets the new record and the one it replaces (what a refused save rolls back to).
    expect(onChange).toHaveBeenLastCalledWith(saved, emptyProgress());
    act(() => result.current.uncomplete("t0"));
    expect(result.current.progress).toMatchObject({ completed: [], knowledgeUnlocked: ["t0"], xp: 0, streak: 1 });
  });

  it("reset clears the progress and the certificate flag", () => {
    localStorage.setItem("certificate_java", "true");
    const { result } = renderHook(() => useCourseProgress("java"));
    act(() => result.current.complete("t0"));
    act(() => result.current.reset());
    expect(localStorage.getItem("progress_java")).toBeNull();
    expect(localStorage.getItem("certificate_java")).toBeNull();
    expect(result.current.progress.completed).toEqual([]);
  });
});
