import "fake-indexeddb/auto";
import { PREMIUM_COURSE_QUIZ } from "@koc/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearOfflineData } from "../../../lib/offline/store";
import { fakeApi } from "../../../testing/render-page";
import { CourseQuizPanel } from "./course-quiz-panel";

const quiz = {
  courseId: "python-programming",
  questions: [
    {
      question: "How do you start a function definition in Python?",
      options: ["function greet():", "def greet():", "fn greet():", "func greet():"],
    },
    { question: "Which of these Python types is immutable?", options: ["list", "dict", "tuple", "set"] },
    { question: "What does len([1, 2, 3]) return?", options: ["3", "2", "6", "An error"] },
  ],
};
const read = {
  title: "Creating and Reading Lists",
  href: "/course/python-programming/lesson/python-programming--lists-and-tuples#section-creating-and-reading-lists",
};
const failed = {
  score: 67,
  passed: false,
  results: [{ correct: true }, { correct: true }, { correct: false, explain: "len counts the items.", read }],
  receipt: "payload.signature",
};
const passed = {
  score: 100,
  passed: true,
  results: [
    { correct: true, correctIndex: 1, explain: "Python names a function with def." },
    { correct: true, correctIndex: 2, explain: "Round brackets are fixed." },
    { correct: true, correctIndex: 0, explain: "len counts the items.", read },
  ],
};

/** Answers the three questions with the given options and finishes the quiz. */
async function takeQuiz(labels = ["def greet():", "tuple", "An error"]) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <CourseQuizPanel courseId="python-programming" courseTitle="Python Programming" />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  for (const [i, label] of labels.entries()) {
    fireEvent.click(await screen.findByRole("radio", { name: label }, { timeout: 10_000 }));
    fireEvent.click(screen.getByRole("button", { name: i === 2 ? "Finish Quiz" : "Next" }));
  }
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Generous waits: the answers come through a fetch and a render, on a busy machine too.
describe("the course quiz panel", { timeout: 30_000 }, () => {
  it("asks the server for the course's own questions and teaches a wrong answer without naming the right one", async () => {
    fakeApi({
      "GET /api/courses/python-programming/quiz": [200, quiz],
      "POST /api/quiz/course-attempts": [200, failed],
    });
    await takeQuiz();
    await screen.findByText("2 / 3 correct (67%)", undefined, { timeout: 10_000 });
    const review = screen.getByRole("list", { name: "Your answers" });
    expect(review.textContent).toContain("3. Wrong");
    expect(review.textContent).toContain("Your answer: An error");
    expect(review.textContent).toContain("len counts the items.");
    expect(screen.getByRole("link", { name: "Read: Creating and Reading Lists" }).getAttribute("href")).toBe(read.href);
    expect(review.textContent).not.toMatch(/Right answer/);
    // A visitor's attempt travels as a signed receipt until they register or sign in.
    expect(JSON.parse(localStorage.getItem("quizReceipts") ?? "null")).toEqual(["payload.signature"]);
  });

  it("offline, a learner's answers wait to be graded: no score and no pass before the server's", async () => {
    localStorage.setItem("token", "t0k3n");
    localStorage.setItem("user", JSON.stringify({ name: "Devasena", email: "d@example.com", isPremium: false }));
    fakeApi({
      "GET /api/courses/python-programming/quiz": [200, quiz],
      "POST /api/quiz/course-attempts": "network-error",
    });
    await takeQuiz(["def greet():", "tuple", "3"]);
    await screen.findByText("Waiting to be graded", undefined, { timeout: 10_000 });
    expect(screen.getByText("1 attempt waiting to be graded.")).toBeTruthy();
    expect(screen.queryByText(/correct \(/)).toBeNull();
    await clearOfflineData();
  });

  it("shows the whole key with every explanation after a pass", async () => {
    localStorage.setItem("token", "t0k3n");
    fakeApi({
      "GET /api/courses/python-programming/quiz": [200, quiz],
      "POST /api/quiz/course-attempts": [200, passed],
    });
    await takeQuiz(["def greet():", "tuple", "3"]);
    await screen.findByText("3 / 3 correct (100%)", undefined, { timeout: 10_000 });
    const review = screen.getByRole("list", { name: "Your answers" });
    expect(review.textContent).toContain("Round brackets are fixed.");
    expect(review.textContent).toContain("Python names a function with def.");
    // A signed-in learner's attempt is recorded on the server: nothing is kept.
    expect(localStorage.getItem("quizReceipts")).toBeNull();
  });

  it("shows the server's wait message on the sixth attempt", async () => {
    const wait =
      "You have taken this course quiz 5 times in 10 minutes. Rest your sword for 7 minutes: re-read the lessons its questions link to while you wait, then try again.";
    fakeApi({
      "GET /api/courses/python-programming/quiz": [200, quiz],
      "POST /api/quiz/course-attempts": [429, { message: wait }],
    });
    await takeQuiz();
    expect((await screen.findByRole("alert", undefined, { timeout: 10_000 })).textContent).toBe(wait);
  });

  it("offers Retry when the questions cannot be loaded", async () => {
    fakeApi({ "GET /api/courses/python-programming/quiz": [500, { message: "Internal Server Error" }] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <CourseQuizPanel courseId="python-programming" courseTitle="Python Programming" />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect((await screen.findByRole("alert", undefined, { timeout: 10_000 })).textContent).toContain(
      "The course quiz could not be loaded.",
    );
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
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
