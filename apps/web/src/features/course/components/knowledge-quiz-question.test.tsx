import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { splitQuestion } from "../../../components/quiz-question";

afterEach(cleanup);

describe("a code question in the knowledge quiz", () => {
  const question = 'What does this program print?\n```java\nclass Main {\n    // x\n    String s = "a";\n}\n```';

  it("names the group by its prompt and keeps the program, fence and all, for the code block", () => {
    expect(splitQuestion(question)).toEqual({
      prompt: "What does this program print?",
      code: '```java\nclass Main {\n    // x\n    String s = "a";\n}\n```',
    });
    expect(splitQuestion("Plain question?")).toEqual({ prompt: "Plain question?", code: null });
  });

  it("shows the program as a code block with its lines, not as one line of backticks", async () => {
    const { KnowledgeQuizModal } = await import("./knowledge-quiz-modal");
    const { QueryClient, QueryClientProvider } = await import("@tanstack/react-query");
    const { MemoryRouter } = await import("react-router");
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <KnowledgeQuizModal
            materialId="m1"
            title="Casting"
            questions={[{ question, options: ["a", "b", "c", "d"] }]}
            onGraded={() => undefined}
            onClose={() => undefined}
          />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole("group", { name: "1. What does this program print?" })).toBeTruthy();
    const pre = document.querySelector(".quiz-question pre");
    expect(pre?.textContent).toBe('class Main {\n    // x\n    String s = "a";\n}');
    expect(document.body.textContent).not.toContain("```");
  });
});
