import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, javaCourse as java, renderPage } from "../../testing/render-page";
import CoursesPage from "./courses-page";

const EMPTY = "No courses available yet. The king is preparing epic content for you!";

describe("courses page states", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the promised empty text for an empty catalogue, and no error", async () => {
    fakeApi({ "GET /api/courses": [200, []] });
    renderPage("/courses", <CoursesPage />, "/courses");
    expect(screen.getByRole("status", { name: "Loading courses" })).toBeTruthy();
    expect(await screen.findByText(EMPTY)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a failed request shows an error with Retry, never the empty text; Retry loads the courses", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let answer: "network-error" | [number, unknown] = "network-error";
    fakeApi({ "GET /api/courses": () => answer });
    renderPage("/courses", <CoursesPage />, "/courses");
    expect((await screen.findByRole("alert")).textContent).toContain("The courses could not be loaded.");
    expect(screen.queryByText(EMPTY)).toBeNull();
    expect(warn).toHaveBeenCalledWith("Error fetching courses:", "Failed to fetch");
    answer = [200, [java]];
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Java Programming")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("an answer that breaks the contract is an error too, not a half-drawn grid", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    fakeApi({ "GET /api/courses": [200, [{ _id: 7 }]] });
    renderPage("/courses", <CoursesPage />, "/courses");
    expect((await screen.findByRole("alert")).textContent).toContain("The courses could not be loaded.");
  });
});
