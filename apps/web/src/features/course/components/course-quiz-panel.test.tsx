import { PREMIUM_COURSE_QUIZ } from "@koc/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../testing/render-page";
import { CourseQuizPanel } from "./course-quiz-panel";

const graded = {
  score: 67,
  passed: false,
  results: [
    { correct: true, correctIndex: 1 },
    { correct: true, correctIndex: 2 },
    { correct: false, correctIndex: 0 },
  ],
  receipt: "payload.signature",
};

/** Answers the three questions of the Python set, option 1, 2, then 3, and finishes the quiz. */
async function takeQuiz() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CourseQuizPanel courseId="python-programming" courseTitle="Python Programming" />
    </QueryClientProvider>,
  );
  for (const [i, label] of ["def greet():", "tuple", "An error"].entries()) {
    fireEvent.click(screen.getByRole("radio", { name: label }));
    fireEvent.click(screen.getByRole("button", { name: i === 2 ? "Finish Quiz" : "Next" }));
  }
  await screen.findByText("2 / 3 correct (67%)", undefined, { timeout: 5000 });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the course quiz panel", () => {
  it("keeps a visitor's receipt until they register or sign in", async () => {
    fakeApi({ "POST /api/quiz/course-attempts": [200, graded] });
    await takeQuiz();
    expect(JSON.parse(localStorage.getItem("quizReceipts") ?? "null")).toEqual(["payload.signature"]);
  });

  it("keeps nothing for a signed-in learner (the server recorded the attempt)", async () => {
    localStorage.setItem("token", "t0k3n");
    fakeApi({ "POST /api/quiz/course-attempts": [200, { ...graded, receipt: undefined }] });
    await takeQuiz();
    expect(localStorage.getItem("quizReceipts")).toBeNull();
  });

  it("shows the way to premium instead of a premium course's quiz, and asks the server nothing", () => {
    const fetch = fakeApi({});
    render(
      <MemoryRouter>
        <CourseQuizPanel courseId="react-mastery" courseTitle="React Mastery" locked />
      </MemoryRouter>,
    );
    expect(screen.getByText(PREMIUM_COURSE_QUIZ)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.queryByRole("radio")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
