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
});
