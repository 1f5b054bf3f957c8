import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepInBrowser } from "../../../lib/query-persister";
import { storageKeys } from "../../../lib/storage-keys";
import { TrialPanel } from "./trial-panel";

// The trial loads its detail, its help state and the lazy editor one after another: on a busy
// machine that takes longer than Testing Library's default second.
configure({ asyncUtilTimeout: 8_000 });

// jsdom has no layout; CodeMirror's measuring only needs these to exist.
Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();

const ID = "python-programming--getting-started-with-python--1";
const summary = {
  _id: ID,
  materialId: "python-programming--getting-started-with-python",
  title: "Rations for the march",
  difficulty: 1,
  language: "python" as const,
  passed: false,
};
const detail = {
  ...summary,
  courseId: "python-programming",
  statement: "Print the meals.",
  starter: "# TODO: print the meals\n",
  hintCount: 3,
  samples: [{ name: "ten soldiers for two days", stdin: "10\n2\n", stdout: "60\n" }],
  hiddenCases: 4,
};
const help = (over: Record<string, unknown> = {}) => ({
  hintCount: 3,
  hints: [],
  nextHint: "available",
  failures: 0,
  solutionAfter: 3,
  solutionReadable: false,
  solutionUnlocked: false,
  revealed: false,
  passed: false,
  solvedWithHelp: false,
  ...over,
});
const SOLUTION = "a = int(input())\nb = int(input())\nprint(a * b * 3)\n";

type Route = (init: RequestInit | undefined) => [number, unknown];
function serve(routes: Record<string, Route>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? "GET"} ${url}`];
    const [status, body] = route ? route(init) : [404, { message: "Not found" }];
    return Response.json(body, { status });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
const calls = (fetch: ReturnType<typeof serve>, key: string) =>
  fetch.mock.calls.filter(([url, init]) => `${init?.method ?? "GET"} ${url}` === key);
const base = `/api/exercises/${ID}`;

function renderPanel(signedIn = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  keepInBrowser(client);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TrialPanel summary={summary} signedIn={signedIn} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
function signIn() {
  localStorage.setItem(storageKeys.token, "t0ken");
  localStorage.setItem(
    storageKeys.user,
    JSON.stringify({ _id: "u1", name: "Ada", email: "ada@example.com", isPremium: false }),
  );
}
const me: Route = () => [
  200,
  { _id: "u1", name: "Ada", email: "ada@example.com", phone: null, isPremium: false, referralCode: "ADA12345" },
];
const editorText = () =>
  document.querySelector(".trial .code-mirror-host")?.shadowRoot?.querySelector(".cm-content")?.textContent ?? "";

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("Run before you submit", () => {
  it("runs on the first sample, then on the learner's own input, and is never a submission", async () => {
    const fetch = serve({
      [`GET ${base}`]: () => [200, detail],
      [`GET ${base}/help`]: () => [200, help()],
      [`POST ${base}/run`]: (init) => {
        const body = JSON.parse(String(init?.body));
        return [
          200,
          body.stdin === undefined
            ? {
                stdout: "20\n",
                stderr: "",
                exitCode: 0,
                timeMs: 41,
                timedOut: false,
                truncated: false,
                usedSample: detail.samples[0]?.name,
              }
            : {
                stdout: "",
                stderr: "ValueError: oops",
                exitCode: 1,
                timeMs: 38,
                timedOut: false,
                truncated: false,
                usedSample: null,
              },
        ];
      },
    });
    renderPanel();
    expect((await screen.findByTestId("trial-keys", {}, { timeout: 10_000 })).textContent).toMatch(
      /Ctrl\+Enter runs, Ctrl\+Shift\+Enter submits/,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Run" }));
    const output = await screen.findByTestId("trial-run-output");
    expect(output.textContent).toContain('Ran on the sample "ten soldiers for two days"');
    expect(output.textContent).toContain("20");
    expect(within(output).getByTestId("trial-run-status").textContent).toBe("Exit status 0 · 41 ms");
    expect(JSON.parse(String(calls(fetch, `POST ${base}/run`)[0]?.[1]?.body))).toEqual({ code: detail.starter });

    fireEvent.click(screen.getByRole("checkbox", { name: /Run on my own input/ }));
    fireEvent.change(screen.getByLabelText("Custom input"), { target: { value: "x\n" } });
    fireEvent.click(screen.getByRole("button", { name: "Run" }));
    await waitFor(() => expect(screen.getByTestId("trial-run-status").textContent).toBe("Exit status 1 · 38 ms"));
    expect(screen.getByTestId("trial-run-output").textContent).toContain("ValueError: oops");
    expect(JSON.parse(String(calls(fetch, `POST ${base}/run`)[1]?.[1]?.body))).toEqual({
      code: detail.starter,
      stdin: "x\n",
    });
    // Run is not an attempt: nothing was submitted, no hint was taken.
    expect(calls(fetch, `POST ${base}/submissions`)).toEqual([]);
    expect(calls(fetch, `POST ${base}/hints`)).toEqual([]);
    expect(screen.queryByTestId("trial-verdict")).toBeNull();
  });
});

describe("the solution", () => {
  it("asks for a confirmation stating the cost before an early reveal, then shows the reference", async () => {
    const fetch = serve({
      [`GET ${base}`]: () => [200, detail],
      [`GET ${base}/help`]: () => [200, help({ failures: 1 })],
      [`POST ${base}/solution`]: () => [
        200,
        {
          solution: SOLUTION,
          help: help({ failures: 1, revealed: true, solutionReadable: true, solutionUnlocked: true }),
        },
      ],
    });
    renderPanel();
    expect(await screen.findByText(/unlocks after 3 failed submissions \(you have 1\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reveal the solution now" }));
    const dialog = await screen.findByRole("dialog", { name: "Reveal the solution?" });
    expect(dialog.textContent).toContain("6 XP instead of 25, no achievement");
    expect(dialog.textContent).toContain("does not count among your certificate's trials");
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep trying" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls(fetch, `POST ${base}/solution`)).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Reveal the solution now" }));
    fireEvent.click(await screen.findByRole("button", { name: "Reveal it and accept the cost" }));
    expect((await screen.findByTestId("trial-solution")).textContent).toBe(SOLUTION);
    expect(JSON.parse(String(calls(fetch, `POST ${base}/solution`)[0]?.[1]?.body))).toEqual({
      acceptCost: true,
      early: true,
    });
  });

  it("a visitor's signed help state goes back with each request and is kept for sign-in", async () => {
    const fetch = serve({
      [`GET ${base}`]: () => [200, detail],
      [`GET ${base}/help`]: () => [200, help({ token: "h.first.sig" })],
      [`POST ${base}/hints`]: () => [
        200,
        help({ hints: ["Convert with int()."], nextHint: "after-attempt", token: "h.second.sig" }),
      ],
    });
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Ask Kattappa for a hint (1 of 3)" }));
    await screen.findByText(/Convert with int\(\)/);
    expect(JSON.parse(localStorage.getItem(storageKeys.trialHelp) ?? "{}")).toEqual({ [ID]: "h.second.sig" });
    // The newest state goes back with the next request (here a submission), so the server can count on.
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(calls(fetch, `POST ${base}/submissions`)).toHaveLength(1));
    const submitted = calls(fetch, `POST ${base}/submissions`)[0]?.[1];
    const headers = (submitted?.headers ?? {}) as Record<string, string>;
    expect(headers["x-trial-help"]).toBe("h.second.sig");
  });

  it("after a pass, compares the learner's code with the reference", async () => {
    serve({
      [`GET ${base}`]: () => [200, detail],
      [`GET ${base}/help`]: () => [200, help({ passed: true, solutionReadable: true, solutionUnlocked: true })],
      [`GET ${base}/solution`]: () => [
        200,
        { solution: SOLUTION, help: help({ passed: true, solutionReadable: true }) },
      ],
    });
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: /Compare with the reference solution/ }));
    await screen.findByTestId("trial-solution");
    const compare = screen.getByRole("region", { name: "Reference solution" });
    expect(within(compare).getByText("Your code").nextSibling?.textContent).toBe(detail.starter);
    expect(within(compare).getByTestId("trial-solution").textContent).toBe(SOLUTION);
  });
});

describe("My attempts and drafts", () => {
  it("lists the learner's attempts and restores an earlier one into the editor, with Undo", async () => {
    signIn();
    const attempts = [
      {
        _id: "00000000-0000-4000-8000-000000000002",
        exerciseId: ID,
        language: "python",
        release: null,
        passed: false,
        passedChecks: 2,
        totalChecks: 5,
        compileError: false,
        createdAt: "2026-11-25T10:05:00.000Z",
      },
      {
        _id: "00000000-0000-4000-8000-000000000001",
        exerciseId: ID,
        language: "python",
        release: null,
        passed: false,
        passedChecks: 0,
        totalChecks: 5,
        compileError: false,
        createdAt: "2026-11-25T10:00:00.000Z",
      },
    ];
    serve({
      "GET /api/auth/me": me,
      [`GET ${base}`]: () => [200, detail],
      [`GET ${base}/help`]: () => [200, help()],
      [`GET /api/drafts/${encodeURIComponent(`trial:${ID}`)}`]: () => [200, null],
      [`GET ${base}/attempts`]: () => [200, attempts],
      "GET /api/exercise-attempts/00000000-0000-4000-8000-000000000001": () => [
        200,
        { ...attempts[1], code: "print('my first try')\n", checks: [] },
      ],
    });
    renderPanel(true);
    await waitFor(() => expect(editorText()).toContain("TODO"), { timeout: 10_000 });
    const details = (await screen.findByText("My attempts")).closest("details") as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event("toggle"));
    const list = await screen.findByRole("list", { name: "My attempts" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.querySelector(".case-status")?.textContent),
    ).toEqual(["2 of 5 passed", "0 of 5 passed"]);
    fireEvent.click(within(list).getAllByRole("button", { name: /^Restore the attempt of/ })[1] as HTMLElement);
    await waitFor(() => expect(editorText()).toContain("my first try"));
    expect(screen.getByText(/is back in the editor/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(editorText()).toContain("TODO"));
  });

  it("adopts a newer draft saved on another device", async () => {
    signIn();
    localStorage.setItem(
      storageKeys.draft(`trial:${ID}`),
      JSON.stringify({ code: "print('old here')", updatedAt: 100 }),
    );
    serve({
      "GET /api/auth/me": me,
      [`GET ${base}`]: () => [200, detail],
      [`GET ${base}/help`]: () => [200, help()],
      [`GET /api/drafts/${encodeURIComponent(`trial:${ID}`)}`]: () => [
        200,
        { key: `trial:${ID}`, code: "print('from the laptop')", language: "python", updatedAt: 200 },
      ],
    });
    renderPanel(true);
    await waitFor(() => expect(editorText()).toContain("from the laptop"), { timeout: 10_000 });
    expect(JSON.parse(localStorage.getItem(storageKeys.draft(`trial:${ID}`)) ?? "{}")).toEqual({
      code: "print('from the laptop')",
      updatedAt: 200,
    });
  });
});

describe("a trial opened again from the review deck", () => {
  it("starts from the starter code, keeps the draft one Undo away, and brings the trial into view", async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    localStorage.setItem(
      storageKeys.draft(`trial:${ID}`),
      JSON.stringify({ code: "print('my old try')\n", updatedAt: 1_000 }),
    );
    serve({ [`GET ${base}`]: () => [200, detail], [`GET ${base}/help`]: () => [200, help()] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    keepInBrowser(client);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/course/python-programming/lesson/x?trial=${ID}&from=starter`]}>
          <TrialPanel summary={summary} signedIn={false} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/Review: the trial starts again from its starter code/)).toBeTruthy();
    await waitFor(() => expect(editorText()).toContain("# TODO: print the meals"));
    // Once the address no longer asks for it (a reload keeps the learner's work), the trial is scrolled to.
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(editorText()).toContain("my old try"));
  });

  it("leaves the draft alone when the address names another trial", async () => {
    localStorage.setItem(
      storageKeys.draft(`trial:${ID}`),
      JSON.stringify({ code: "print('my old try')\n", updatedAt: 1_000 }),
    );
    serve({ [`GET ${base}`]: () => [200, detail], [`GET ${base}/help`]: () => [200, help()] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    keepInBrowser(client);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={["/course/python-programming/lesson/x?trial=another-trial&from=starter"]}>
          <TrialPanel summary={summary} signedIn={false} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(editorText()).toContain("my old try"));
    expect(screen.queryByText(/Review: the trial starts again/)).toBeNull();
  });
});
