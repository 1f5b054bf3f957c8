import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderCourseRoute } from "../../testing/render-page";
import CoursePage from "./course-page";

const preloadPython = vi.fn((_onStatus: (text: string) => void) => () => undefined);
vi.mock("../../lib/run/run-python", () => ({ preloadPython }));

const course = (id: string, title: string) => ({
  _id: id,
  title,
  description: "Learn it.",
  category: "Programming",
  access: "free",
  lessonCount: 1,
  level: "Beginner",
  minutes: 15,
  trials: 0,
});
const lesson = (courseId: string) => ({
  _id: `${courseId}--first-steps`,
  courseId,
  title: "First Steps",
  type: "lesson",
  position: 0,
  minutes: 5,
  questions: 5,
  open: true,
});

/** The editor panel stays far below the fold: it never comes into view here, so it never loads. */
class FarAway {
  observe() {}
  disconnect() {}
}

function openCourse(id: string, title: string) {
  vi.stubGlobal("IntersectionObserver", FarAway);
  fakeApi({
    [`GET /api/courses/${id}`]: [200, course(id, title)],
    [`GET /api/materials/course/${id}`]: [200, [lesson(id)]],
    [`GET /api/materials/${id}--first-steps`]: [200, { ...lesson(id), content: "Hello.", quiz: [] }],
    "GET /api/exercises": [200, []],
  });
  renderCourseRoute(<CoursePage />, `/course/${id}`);
}

describe("Python starts early on a Python course", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    preloadPython.mockClear();
  });

  it("opening a lesson of the Python course starts loading Pyodide at once", async () => {
    openCourse("python-programming", "Python Programming");
    const row = await screen.findByRole("button", { name: /^1\. First Steps/ });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(preloadPython).not.toHaveBeenCalled();
    fireEvent.click(row);
    await waitFor(() => expect(preloadPython).toHaveBeenCalledTimes(1));
  });

  it("a lesson of another course does not load Python", async () => {
    openCourse("java-programming", "Java Programming");
    fireEvent.click(await screen.findByRole("button", { name: /^1\. First Steps/ }));
    await screen.findByText("Hello.");
    expect(preloadPython).not.toHaveBeenCalled();
  });
});
