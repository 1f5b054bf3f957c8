import { MENTOR_MESSAGE_MAX } from "@koc/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ChatRoom } from "./chat-room";
import MentorPanel from "./mentor-panel";

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

describe("Kattappa's inputs", () => {
  it("stop at the longest question the server takes, on the page and in the floating panel", () => {
    expect(MENTOR_MESSAGE_MAX).toBe(2000);
    wrap(<ChatRoom quickQuestions={["Explain OOP concepts"]} />);
    expect(screen.getByLabelText<HTMLTextAreaElement>("Your message to Kattappa").maxLength).toBe(2000);
    wrap(<MentorPanel open panelId="mentor" onClose={() => undefined} />);
    expect(screen.getByLabelText<HTMLTextAreaElement>("Your question for Kattappa").maxLength).toBe(2000);
  });
});
