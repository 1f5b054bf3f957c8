import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storageKeys } from "../lib/storage-keys";
import { ExplainError, showsError } from "./explain-error";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ANSWER = {
  success: true,
  response:
    "`';' expected`\n\n**Line 3** is where it happened: `int gold = 5`\n\nWhat it means: a semicolon is missing.",
  line: 3,
  errorLanguage: "java",
  section: {
    courseId: "java-programming",
    materialId: "java-programming--introduction-to-java",
    title: "Introduction to Java",
    section: "Anatomy of Hello World",
    href: "/course/java-programming/lesson/java-programming--introduction-to-java#section-anatomy-of-hello-world",
  },
};

function show(replies: (() => Response)[], trialId?: string) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = replies.shift();
      if (!next) throw new TypeError("network down");
      return next();
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <MemoryRouter initialEntries={["/playground"]}>
        <Routes>
          <Route
            path="/playground"
            element={
              <ExplainError
                language="java"
                code={"class Main {\n  void m() {\n    int gold = 5\n  }\n}"}
                error="Main.java:3: error: ';' expected"
                trialId={trialId}
              />
            }
          />
          <Route path="/course/:id/lesson/:lesson" element={<p>The lesson page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe("Explain this error", () => {
  it("sends the language, code and error, then shows the line and a link that opens the lesson section", async () => {
    const calls = show([() => new Response(JSON.stringify(ANSWER), { status: 200 })]);
    fireEvent.click(screen.getByRole("button", { name: "Explain this error" }));
    const answer = await screen.findByTestId("explain-answer");
    expect(answer.textContent).toContain("Line 3");
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({
      language: "java",
      error: "Main.java:3: error: ';' expected",
      code: expect.stringContaining("int gold = 5"),
    });
    expect(calls[0]?.url).toBe("/api/ai/explain");
    fireEvent.click(screen.getByRole("link", { name: "Introduction to Java: Anatomy of Hello World" }));
    expect(await screen.findByText("The lesson page")).toBeTruthy();
  });

  it("a failure says so with Retry, and Retry asks again", async () => {
    show([
      () => new Response(JSON.stringify({ statusCode: 500, message: "boom" }), { status: 500 }),
      () => new Response(JSON.stringify(ANSWER), { status: 200 }),
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Explain this error" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/could not explain it/);
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.getByTestId("explain-answer")).toBeTruthy());
  });

  it("on a trial, sends the trial and a visitor's signed ladder state", async () => {
    localStorage.setItem(storageKeys.trialHelp, JSON.stringify({ "trial-1": "h.token" }));
    const calls = show([() => new Response(JSON.stringify(ANSWER), { status: 200 })], "trial-1");
    fireEvent.click(screen.getByRole("button", { name: "Explain this error" }));
    await screen.findByTestId("explain-answer");
    expect(JSON.parse(String(calls[0]?.init.body)).context).toEqual({ trialId: "trial-1" });
    expect(new Headers(calls[0]?.init.headers).get("x-trial-help")).toBe("h.token");
  });

  it("knows an error in the console from ordinary output", () => {
    expect(showsError("Runtime Error: x is not defined")).toBe(true);
    expect(showsError('Traceback (most recent call last):\n  File "main.py"')).toBe(true);
    expect(showsError("Hello, Kingdom of Code!")).toBe(false);
    expect(showsError("Executing code...")).toBe(false);
  });
});
