import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, type RouteObject, useLocation, useRoutes } from "react-router";
import { vi } from "vitest";
import { slots as accountSlots } from "../app/pages/account-page";
import { slots as courseSlots } from "../app/pages/course-page";
import { slots as coursesSlots } from "../app/pages/courses-page";
import { slots as dashboardSlots } from "../app/pages/dashboard-page";
import { slots as registerSlots } from "../app/pages/register-page";
import { AlertProvider } from "../components/alerts";
import { keepInBrowser } from "../lib/query-persister";
import { SlotProvider } from "../lib/slots";

/** Every slot the app shell fills (app/pages), so a feature's page renders here as in the app. */
const appSlots = { ...accountSlots, ...courseSlots, ...coursesSlots, ...dashboardSlots, ...registerSlots };

/** An answer of the fake API: a status and a JSON body, or a network failure. */
export type FakeAnswer = [status: number, body?: unknown] | "network-error";

/**
 * Replaces fetch with a table of "METHOD /api/path" -> answer (a function may change its answer per
 * call). Unknown calls fail the test loudly. Only the network is faked; the app's own code runs.
 */
export function fakeApi(routes: Record<string, FakeAnswer | (() => FakeAnswer)>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${url.split("?")[0]}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected request ${key}`);
    const answer = typeof route === "function" ? route() : route;
    if (answer === "network-error") throw new TypeError("Failed to fetch");
    const [status, body] = answer;
    return new Response(status === 204 || body === undefined ? null : JSON.stringify(body), { status });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** A free course as GET /api/courses answers it. */
export const javaCourse = {
  _id: "java-programming",
  title: "Java Programming",
  description: "From the JVM to streams.",
  category: "Programming",
  access: "free",
  lessonCount: 50,
  level: "Beginner",
  minutes: 1530,
  trials: 90,
};

export const testUser = {
  _id: "u1",
  name: "Ada",
  email: "ada@example.com",
  phone: null,
  isPremium: false,
  referralCode: "ADAC0DE2",
};

/** Signs the test user in the way the app restores a session: token and user in browser storage. */
export function signIn() {
  localStorage.setItem("token", "tok");
  localStorage.setItem("user", JSON.stringify(testUser));
}

/** Renders routes at `path` with the app's providers (no query retries, so failures show at once). */
export function renderRoutes(routes: RouteObject[], path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  keepInBrowser(client);
  /** Where the app is now (it moves when a page navigates). */
  const location = { pathname: path, search: "" };
  function Routes() {
    const current = useLocation();
    location.pathname = current.pathname;
    location.search = current.search;
    return useRoutes(routes);
  }
  render(
    <QueryClientProvider client={client}>
      <AlertProvider>
        <SlotProvider slots={appSlots}>
          <MemoryRouter initialEntries={[path]}>
            <Routes />
          </MemoryRouter>
        </SlotProvider>
      </AlertProvider>
    </QueryClientProvider>,
  );
  return { client, location };
}

/** Renders one page at `path`, matched by `pattern`. */
export const renderPage = (pattern: string, element: ReactElement, path: string) =>
  renderRoutes([{ path: pattern, element }], path);

/** The course page at `path`, with its lesson addresses (/course/{id}/lesson/{materialId}) as in the app. */
export const renderCourseRoute = (element: ReactElement, path: string) =>
  renderRoutes([{ path: "/course/:id", element, children: [{ path: "lesson/:materialId" }] }], path);
