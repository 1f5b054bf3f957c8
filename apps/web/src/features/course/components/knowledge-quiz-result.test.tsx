import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../testing/render-page";
import { KnowledgeQuizModal } from "./knowledge-quiz-modal";

const questions = [
  { question: "Which operator gives the remainder?", options: ["/", "%", "rem", "mod()"] },
  { question: "What is 7 / 2 in int arithmetic?", options: ["3.5", "3", "4", "It does not compile"] },
];
const read = {
  title: "Arithmetic Operators",
  href: "/course/java-programming/lesson/java-programming--operators#section-arithmetic-operators",
};

function open(onClose = vi.fn()) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <KnowledgeQuizModal
          materialId="java-programming--operators"
          title="Operators"
          questions={questions}
          onGraded={() => undefined}
          onClose={onClose}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole("radio", { name: "%" }));
  fireEvent.click(screen.getByRole("radio", { name: "3.5" }));
  fireEvent.click(screen.getByRole("button", { name: "Submit" }));
  return onClose;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Generous waits: the answers come through a fetch and a render, on a busy machine too.
describe("the knowledge check's result", { timeout: 30_000 }, () => {
  it("after a failure: right or wrong, the explanation and a Read link for the wrong one, never the right option", async () => {
    fakeApi({
      "POST /api/quiz/attempts": [
        200,
        {
          score: 50,
          passed: false,
          results: [{ correct: true }, { correct: false, explain: "Whole numbers divide into whole numbers.", read }],
        },
      ],
    });
    const onClose = open();
    const review = await screen.findByRole("list", { name: "Your answers" }, { timeout: 10_000 });
    expect(review.textContent).toContain("1. Right");
    expect(review.textContent).toContain("2. Wrong");
    expect(review.textContent).toContain("Your answer: 3.5");
    expect(review.textContent).toContain("Whole numbers divide into whole numbers.");
    expect(review.textContent).not.toMatch(/Right answer|correct answer/i);
    const link = screen.getByRole("link", { name: "Read: Arithmetic Operators" });
    expect(link.getAttribute("href")).toBe(read.href);
    fireEvent.click(link);
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Retake Quiz" })).toBeTruthy();
  });

  it("after a pass: the full key with every explanation", async () => {
    fakeApi({
      "POST /api/quiz/attempts": [
        200,
        {
          score: 80,
          passed: true,
          results: [
            { correct: true, correctIndex: 1, explain: "The remainder sign." },
            { correct: false, correctIndex: 1, explain: "Whole numbers divide into whole numbers.", read },
          ],
        },
      ],
    });
    open();
    const review = await screen.findByRole("list", { name: "Your answers" }, { timeout: 10_000 });
    expect(review.textContent).toContain("Right answer: 3");
    expect(review.textContent).toContain("The remainder sign.");
    expect(screen.queryByRole("button", { name: "Retake Quiz" })).toBeNull();
  });

  it("shows the wait and the advice to re-read when the server says 429", async () => {
    const wait =
      "You have taken this Knowledge Check 5 times in 10 minutes. Rest your sword for 7 minutes: re-read the lesson while you wait, then try again.";
    fakeApi({ "POST /api/quiz/attempts": [429, { message: wait }] });
    open();
    expect((await screen.findByRole("alert", undefined, { timeout: 10_000 })).textContent).toBe(wait);
  });
});
