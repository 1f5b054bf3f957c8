import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readMentorContext, useShareWithMentor } from "./mentor-context";

describe("the mentor context store", () => {
  it("holds what the mounted course page and editor share, follows changes, and forgets it on unmount", () => {
    const page = renderHook(
      (p: { materialId: string | null }) => useShareWithMentor({ courseId: "java-programming", ...p }),
      {
        initialProps: { materialId: null as string | null },
      },
    );
    const editor = renderHook((p: { code: string }) => useShareWithMentor({ ...p, language: "java" }), {
      initialProps: { code: "class A {}" },
    });
    expect(readMentorContext()).toEqual({ courseId: "java-programming", code: "class A {}", language: "java" });
    page.rerender({ materialId: "java-programming--arrays" });
    editor.rerender({ code: "class B {}" });
    expect(readMentorContext()).toEqual({
      courseId: "java-programming",
      materialId: "java-programming--arrays",
      code: "class B {}",
      language: "java",
    });
    page.rerender({ materialId: null });
    expect(readMentorContext().materialId).toBeUndefined();
    page.unmount();
    editor.unmount();
    expect(readMentorContext()).toEqual({});
  });

  it("shares the trial and the editor's last error, cut to what the contract takes, and drops the error once it is gone", () => {
    const editor = renderHook((p: { lastError?: string }) => useShareWithMentor({ trialId: "java-trial-1", ...p }), {
      initialProps: { lastError: `Main.java:3: error: cannot find symbol\n${"x".repeat(5000)}` } as {
        lastError?: string;
      },
    });
    expect(readMentorContext().trialId).toBe("java-trial-1");
    expect(readMentorContext().lastError).toHaveLength(4000);
    expect(readMentorContext().lastError?.startsWith("Main.java:3: error: cannot find symbol")).toBe(true);
    editor.rerender({});
    expect(readMentorContext().lastError).toBeUndefined();
    editor.unmount();
    expect(readMentorContext()).toEqual({});
  });
});
