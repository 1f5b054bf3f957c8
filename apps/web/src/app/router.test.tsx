import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppRoot } from "./app-root";
import { defaultHead, heads } from "./head";
import { RouteErrorBoundary } from "./route-error";
import { AppRoutes, headFor, matchPage, preloadPage } from "./router";

afterEach(cleanup);

describe("route table", () => {
  it("gives each public page its own head", () => {
    expect(headFor("/")).toEqual(heads.home);
    expect(headFor("/about")).toEqual(heads.about);
    expect(headFor("/dashboard")).toEqual(defaultHead);
    expect(headFor("/no/such/page")).toEqual(defaultHead);
    // A course's head comes from its answer in the cache; without it, a generic one.
    expect(headFor("/course/java-programming").title).toBe("Course | Kingdom of Code");
    const course = { _id: "java-programming", title: "Java Programming", description: "From the JVM to streams." };
    expect(headFor("/course/java-programming", () => course).title).toBe("Java Programming | Kingdom of Code");

    const handle = (path: string) => matchPage(path).find((m) => m.handle)?.handle;
    expect(handle("/course/x")?.module).toBe("src/app/pages/course-page.tsx");
  });

  it("renders a preloaded page at once, with no loading state, and unknown paths as not found", async () => {
    await preloadPage("/about");
    render(
      <AppRoot>
        <MemoryRouter initialEntries={["/about"]}>
          <AppRoutes />
        </MemoryRouter>
      </AppRoot>,
    );
    // Synchronously there, as hydration of the prerendered HTML needs.
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
    expect(document.title).toBe(heads.about.title);
    cleanup();

    render(
      <AppRoot>
        <MemoryRouter initialEntries={["/nowhere"]}>
          <AppRoutes />
        </MemoryRouter>
      </AppRoot>,
    );
    expect(screen.getByText(/404 Not Found/)).toBeTruthy();
  });

  it("loads a page that fetches inside the query cache (a test's own cache when there is one)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify([]), { status: 200 })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AppRoot>
          <MemoryRouter initialEntries={["/courses"]}>
            <AppRoutes />
          </MemoryRouter>
        </AppRoot>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole("heading", { level: 1, name: /courses/i }, { timeout: 5000 })).toBeTruthy();
    await vi.waitFor(() => expect(client.getQueryCache().getAll().length).toBeGreaterThan(0));
    vi.unstubAllGlobals();
  });
});

describe("RouteErrorBoundary", () => {
  function Broken({ error }: { error: Error }): never {
    throw error;
  }

  function Harness({ error }: { error: Error }) {
    const [path, setPath] = useState("/a");
    return (
      <>
        <button type="button" onClick={() => setPath("/b")}>
          move
        </button>
        <RouteErrorBoundary resetKey={path}>
          {path === "/a" ? <Broken error={error} /> : <p>Page b</p>}
        </RouteErrorBoundary>
      </>
    );
  }

  it("shows the kingdom's error page, and clears it when the learner moves to another page", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <Routes>
          <Route path="*" element={<Harness error={new Error("boom")} />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText(/Something broke on this page/)).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole("button", { name: "move" })));
    expect(screen.getByText("Page b")).toBeTruthy();
    expect(logged.mock.calls.some((call) => call[0] === "Page failed:")).toBe(true);
    logged.mockClear();
  });

  it("offers a reload when a page's code could not be fetched (a new deployment)", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <Harness error={new TypeError("Failed to fetch dynamically imported module: /assets/x.js")} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Loading chunk failed/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeTruthy();
    expect(logged.mock.calls.some((call) => call[0] === "Page failed:")).toBe(true);
    logged.mockClear();
  });
});
