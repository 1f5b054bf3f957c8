import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TrialsPassed } from "./trials-passed";

const courses = [
  {
    _id: "java-programming",
    title: "Java Programming",
    description: "Java",
    category: "Programming Languages",
    access: "free",
    lessonCount: 50,
    level: "Beginner",
    minutes: 1530,
    trials: 0,
  },
];

function serve(passed: () => [number, unknown]) {
  const fetch = vi.fn(async (url: string) => {
    if (url === "/api/courses") return Response.json(courses);
    if (url === "/api/exercises/passed") {
      const [status, body] = passed();
      return Response.json(body, { status });
    }
    return Response.json({ message: "Not found" }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetch);
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TrialsPassed email="ada@example.com" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("dashboard: trials passed per course", () => {
  it("loads, then shows each course's count with its title and a link to its trials", async () => {
    serve(() => [200, [{ courseId: "java-programming", passed: 3, total: 60 }]]);
    renderSection();
    expect(screen.getByRole("status").textContent).toBe("Loading your trials...");
    expect((await screen.findByTestId("trials-passed-java-programming")).textContent).toBe("3 of 60 trials passed");
    const region = screen.getByRole("region", { name: "Trials Passed" });
    expect(within(region).getByRole("progressbar", { name: "Trials passed in Java Programming" })).toBeTruthy();
    expect(within(region).getByRole("link", { name: "Open the Java Programming trials" }).getAttribute("href")).toBe(
      "/course/java-programming",
    );
  });

  it("encourages a learner who has passed none yet", async () => {
    serve(() => [200, [{ courseId: "java-programming", passed: 0, total: 60 }]]);
    renderSection();
    expect(await screen.findByText(/No trial conquered yet\./)).toBeTruthy();
    expect(screen.getByTestId("trials-passed-java-programming").textContent).toBe("0 of 60 trials passed");
  });

  it("has an empty state when no course has trials", async () => {
    serve(() => [200, []]);
    renderSection();
    expect(await screen.findByText(/No trials in the kingdom yet\./)).toBeTruthy();
  });

  it("shows an error with Retry, which loads again", async () => {
    let calls = 0;
    serve(() =>
      ++calls === 1 ? [500, { message: "boom" }] : [200, [{ courseId: "java-programming", passed: 1, total: 2 }]],
    );
    renderSection();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We could not load your trials.");
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect((await screen.findByTestId("trials-passed-java-programming")).textContent).toBe("1 of 2 trials passed");
  });
});
