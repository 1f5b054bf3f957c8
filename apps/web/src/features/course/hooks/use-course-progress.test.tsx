import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readProgress } from "../../../lib/progress-sync";
import { keepInBrowser } from "../../../lib/query-persister";
import { useCourseProgress } from "./use-course-progress";

/** A visitor's progress, in the app's query cache kept in browser storage. */
function renderProgress(courseId: string) {
  const client = new QueryClient();
  keepInBrowser(client);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCourseProgress(courseId, false), { wrapper });
}

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

  it("keeps a failing score as current progress and leaves the topic locked", async () => {
    const { result } = renderProgress("java");
    act(() => result.current.recordQuiz("t0", 60));
    await waitFor(() =>
      expect(result.current.progress).toMatchObject({
        completed: [],
        knowledgeUnlocked: [],
        topicProgress: { t0: 60 },
        xp: 0,
      }),
    );
  });

  it("starts from the browser copy, and a pass unlocks, completes (+50 xp, +1 streak) and saves the one record", async () => {
    localStorage.setItem("progress_java", JSON.stringify({ completed: ["t9"], streak: 0, xp: 0 }));
    const { result } = renderProgress("java");
    expect(result.current.progress.completed).toEqual(["t9"]);
    act(() => result.current.uncomplete("t9"));
    act(() => result.current.recordQuiz("t0", 80));
    const saved = JSON.parse(localStorage.getItem("progress_java") ?? "null");
    expect(saved).toEqual({
      completed: ["t0"],
      knowledgeUnlocked: ["t0"],
      topicProgress: { t0: 80 },
      xp: 50,
      streak: 1,
    });
    act(() => result.current.uncomplete("t0"));
    await waitFor(() =>
      expect(result.current.progress).toMatchObject({ completed: [], knowledgeUnlocked: ["t0"], xp: 0, streak: 1 }),
    );
    const last = result.current.progress;
    expect(JSON.parse(localStorage.getItem("progress_java") ?? "null")).toEqual(last);
    // A reload starts from what was saved last.
    cleanup();
    expect(renderProgress("java").result.current.progress).toEqual(last);
  });

  it("reset clears the progress and the certificate flag", async () => {
    localStorage.setItem("certificate_java", "true");
    const { result } = renderProgress("java");
    act(() => result.current.complete("t0"));
    act(() => result.current.reset());
    expect(localStorage.getItem("progress_java")).toBeNull();
    expect(localStorage.getItem("certificate_java")).toBeNull();
    await waitFor(() => expect(result.current.progress.completed).toEqual([]));
  });
});
