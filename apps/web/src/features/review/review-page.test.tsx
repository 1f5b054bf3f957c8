import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeAnswer, fakeApi, renderPage, signIn, testUser } from "../../testing/render-page";
import ReviewPage from "./review-page";

const question = (n: number) => ({
  cardId: `00000000-0000-4000-8000-00000000000${n}`,
  courseId: "java-programming",
  courseTitle: "Java Programming",
  materialId: "java-programming--operators",
  from: "Operators",
  question: `Question ${n}: what is 7 / 2 in Java?`,
  options: ["3", "3.5", "4", "3.0"],
});
const deck = (over: object = {}) => ({
  dueToday: 0,
  dayEndsAt: "2026-03-11T00:00:00.000Z",
  nextDueAt: null,
  questions: [],
  trials: [],
  ...over,
});
const trial = {
  cardId: "00000000-0000-4000-8000-000000000009",
  exerciseId: "java-programming--operators--1",
  title: "Integer division",
  courseId: "java-programming",
  courseTitle: "Java Programming",
  materialId: "java-programming--operators",
  language: "java",
};

describe("review page", () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks due questions one by one, graded on the server, then teaches with a Read link; lists due trials from the starter", async () => {
    const api = fakeApi({
      "GET /api/auth/me": [200, testUser],
      "GET /api/review": [200, deck({ dueToday: 3, questions: [question(1), question(2)], trials: [trial] })],
      "POST /api/review/00000000-0000-4000-8000-000000000001/answer": [
        200,
        {
          correct: false,
          explain: "Dividing two ints drops the fraction.",
          read: {
            title: "Integer division",
            href: "/course/java-programming/lesson/java-programming--operators#section-integer-division",
          },
          nextDueAt: "2026-03-12T09:00:00.000Z",
        },
      ],
      "POST /api/review/00000000-0000-4000-8000-000000000002/answer": [
        404,
        { message: "This question is no longer in the course." },
      ],
    });
    renderPage("/review", <ReviewPage />, "/review");
    expect(await screen.findByText("Question 1: what is 7 / 2 in Java?")).toBeTruthy();
    expect(screen.queryByText(/Question 2:/)).toBeNull();
    const check = screen.getByRole("button", { name: "Check answer" });
    expect((check as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("3.5"));
    fireEvent.click(check);
    expect(await screen.findByText("Not quite.")).toBeTruthy();
    expect(screen.getByText("Dividing two ints drops the fraction.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Read: Integer division" }).getAttribute("href")).toContain(
      "#section-integer-division",
    );
    const sent = api.mock.calls.find(([url]) => String(url).includes("/answer"));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ answer: 1 });

    // A card whose question left the course: said plainly, and the session goes on.
    fireEvent.click(screen.getByRole("button", { name: "Next question" }));
    fireEvent.click(await screen.findByLabelText("3"));
    fireEvent.click(screen.getByRole("button", { name: "Check answer" }));
    expect(await screen.findByText("This question is no longer in the course.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Finish the questions" }));
    expect(await screen.findByText(/Every question of today is answered/)).toBeTruthy();

    const trials = screen.getByRole("region", { name: "Trials to try again (1)" });
    const open = within(trials).getByRole("link", { name: /Open from the starter code/ });
    expect(open.getAttribute("href")).toBe(
      "/course/java-programming/lesson/java-programming--operators?trial=java-programming--operators--1&from=starter",
    );
  });

  it("nothing due: says so with the next day; a failed load offers Retry, never the empty text", async () => {
    let answer: FakeAnswer = "network-error";
    fakeApi({ "GET /api/auth/me": [200, testUser], "GET /api/review": () => answer });
    renderPage("/review", <ReviewPage />, "/review");
    expect(await screen.findByText("Your review deck could not be loaded.")).toBeTruthy();
    expect(screen.queryByText(/Nothing to review/)).toBeNull();
    answer = [200, deck({ nextDueAt: "2026-03-12T09:00:00.000Z" })];
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText(/Nothing to review today\. The next card comes back on Thursday/)).toBeTruthy();
  });

  it("asks a visitor to log in", () => {
    localStorage.clear();
    fakeApi({});
    renderPage("/review", <ReviewPage />, "/review");
    expect(screen.getByRole("link", { name: "Login" })).toBeTruthy();
  });
});
