import type { MaterialSummary } from "@koc/shared";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { LessonNav } from "./lesson-nav";

const lesson = (id: string, title: string) => ({ _id: id, title }) as MaterialSummary;

describe("the end of a lesson", () => {
  afterEach(cleanup);

  it("links Previous and Next lesson: {title} to their addresses", () => {
    render(
      <MemoryRouter>
        <LessonNav
          courseId="java-programming"
          previous={lesson("java-programming--a", "A")}
          next={lesson("java-programming--c", "Operators")}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Previous" }).getAttribute("href")).toBe(
      "/course/java-programming/lesson/java-programming--a",
    );
    expect(screen.getByRole("link", { name: "Next lesson: Operators" }).getAttribute("href")).toBe(
      "/course/java-programming/lesson/java-programming--c",
    );
  });

  it("after the last lesson, leads to the course quiz and certificate", () => {
    render(
      <MemoryRouter>
        <LessonNav courseId="git-version-control" previous={lesson("x", "X")} next={undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Next: Course Quiz and Certificate" }).getAttribute("href")).toBe(
      "/course/git-version-control#course-quiz",
    );
  });
});
