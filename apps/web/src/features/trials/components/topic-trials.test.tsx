import "fake-indexeddb/auto";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { flushAttempts, waitingCount } from "../../../lib/offline/attempts";
import { clearOfflineData } from "../../../lib/offline/store";
import { keepInBrowser } from "../../../lib/query-persister";
import { storageKeys } from "../../../lib/storage-keys";
import { TopicTrials } from "./topic-trials";

// The trial loads its detail, its help state and the lazy editor one after another: on a busy
// machine that takes longer than Testing Library's default second.
configure({ asyncUtilTimeout: 8_000 });

// jsdom has no layout; CodeMirror's measuring only needs these to exist.
Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();

const ID = "java-programming--introduction-to-java--1";
const summary = {
  _id: ID,
  materialId: "java-programming--introduction-to-java",
  title: "Greet the realm",
  difficulty: 1,
  language: "java",
  passed: false,
};
const detail = {
  ...summary,
  courseId: "java-programming",
  statement: "Read a **name** and print `Hail, <name>!`.",
  starter: "public class Main {\n    public static void main(String[] args) {\n        // TODO\n    }\n}",
  hintCount: 2,
  samples: [{ name: "a knight", stdin: "Arthur\n", stdout: "Hail, Arthur!\n" }],
  hiddenCases: 3,
};
const failed = {
  passed: false,
  cases: [
    { name: "a knight", passed: false, timedOut: false, expected: "Hail, Arthur!\n", actual: "Hello\n" },
    { name: "an empty name", passed: true, timedOut: false },
    { name: "a long name", passed: false, timedOut: false },
    { name: "a loop", passed: false, timedOut: true },
  ],
};
const allGreen = (extra: Record<string, unknown>) => ({
  passed: true,
  cases: failed.cases.map(({ name }) => ({ name, passed: true, timedOut: false })),
  ...extra,
});

type Route = (init: RequestInit | undefined) => [number, unknown];

/** A fake server at the fetch level: each path answers with its handler (or 404). */
function serve(routes: Record<string, Route>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const route =
      routes[`${init?.method ?? "GET"} ${url}`] ?? (url.endsWith("/help") ? () => [200, help()] : undefined);
    const [status, body] = route ? route(init) : [404, { message: "Not found" }];
    return Response.json(body, { status });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
const LIST = `GET /api/exercises?courseId=java-programming`;
const DETAIL = `GET /api/exercises/${ID}`;
const SUBMIT = `POST /api/exercises/${ID}/submissions`;
const HINT = `POST /api/exercises/${ID}/hints`;
const HINTS = ["Use a Scanner.", "Print with System.out.println."];
/** The server's help state; `over` changes what the test needs. */
const help = (over: Record<string, unknown> = {}) => ({
  hintCount: 2,
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

function renderTrials(onPassed = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  keepInBrowser(client);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TopicTrials courseId="java-programming" materialId={summary.materialId} onPassed={onPassed} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onPassed;
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

/** What the trial's CodeMirror shows now. */
const editorText = () =>
  document.querySelector(".trial .code-mirror-host")?.shadowRoot?.querySelector(".cm-content")?.textContent ?? "";

beforeEach(() => localStorage.clear());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await clearOfflineData();
  localStorage.clear();
});

describe("topic trials", () => {
  it("shows loading, then the trial: statement, sample, hidden count and the editor with the starter", async () => {
    serve({ [LIST]: () => [200, [summary]], [DETAIL]: () => [200, detail] });
    renderTrials();
    expect(screen.getByRole("status").textContent).toMatch(/Summoning/);
    const trial = await screen.findByRole("region", { name: "Trial: Greet the realm" });
    expect(within(trial).getByText("Warm-up")).toBeTruthy();
    await within(trial).findByText("name");
    expect(trial.querySelector(".trial-statement strong")?.textContent).toBe("name");
    expect(within(trial).getByText("a knight")).toBeTruthy();
    expect(within(trial).getByText("Hail, Arthur!")).toBeTruthy();
    expect(within(trial).getByText("Your program also faces 3 hidden cases.")).toBeTruthy();
    await waitFor(
      () =>
        expect(
          trial.querySelector(".code-mirror-host")?.shadowRoot?.querySelector(".cm-content")?.textContent,
        ).toContain("// TODO"),
      // The editor is a lazy chunk: the first test in a cold worker waits for it to load.
      { timeout: 10_000 },
    );
  });

  it("takes the hints one at a time from the server, saying how many remain and when the next unlocks", async () => {
    serve({
      [LIST]: () => [200, [summary]],
      [DETAIL]: () => [200, detail],
      [HINT]: () => [200, help({ hints: HINTS.slice(0, 1), nextHint: "after-attempt" })],
    });
    renderTrials();
    const ask = await screen.findByRole("button", { name: "Ask Kattappa for a hint (1 of 2)" });
    expect(screen.getByTestId("hints-remaining").textContent).toBe("2 of 2 hints remain.");
    expect(screen.queryByText("Use a Scanner.")).toBeNull();
    fireEvent.click(ask);
    expect(await screen.findByText(/Use a Scanner\./)).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/Use a Scanner\./));
    expect(screen.queryByText(/Print with System/)).toBeNull();
    expect(screen.getByText(/next hint comes after your next attempt/)).toBeTruthy();
    expect(screen.getByTestId("hints-remaining").textContent).toBe("1 of 2 hints remain.");
    expect(screen.queryByRole("button", { name: /Ask Kattappa/ })).toBeNull();
  });

  it("after a failed submission the first hint comes by itself", async () => {
    const fetch = serve({
      [LIST]: () => [200, [summary]],
      [DETAIL]: () => [200, detail],
      [SUBMIT]: () => [200, { ...failed, help: help({ failures: 1 }) }],
      [HINT]: () => [200, help({ failures: 1, hints: HINTS.slice(0, 1), nextHint: "after-attempt" })],
    });
    renderTrials();
    fireEvent.click(await screen.findByRole("button", { name: "Submit" }));
    expect(await screen.findByText(/Use a Scanner\./)).toBeTruthy();
    expect(fetch.mock.calls.filter(([url, init]) => url.endsWith("/hints") && init?.method === "POST")).toHaveLength(1);
  });

  it("shows nothing for a topic without a trial", async () => {
    const fetch = serve({ [LIST]: () => [200, [{ ...summary, materialId: "another-topic" }]] });
    renderTrials();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(screen.queryByText(/Trial/)).toBeNull();
  });

  it("says when the list fails and retries on request", async () => {
    let calls = 0;
    serve({
      [LIST]: () => (++calls <= 3 ? [500, { message: "The keep is on fire" }] : [200, [summary]]),
      [DETAIL]: () => [200, detail],
    });
    renderTrials();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The keep is on fire");
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("region", { name: "Trial: Greet the realm" })).toBeTruthy();
  });

  it("tells a trial that no longer exists apart from an error", async () => {
    serve({ [LIST]: () => [200, [summary]], [DETAIL]: () => [404, { message: "Exercise not found" }] });
    renderTrials();
    expect(await screen.findByText("This trial no longer exists.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("submits the code and lights up the cases: expected/actual for a sample, failed or timed out for hidden ones", async () => {
    const fetch = serve({
      [LIST]: () => [200, [summary]],
      [DETAIL]: () => [200, detail],
      [SUBMIT]: () => [200, failed],
    });
    const onPassed = renderTrials();
    fireEvent.click(await screen.findByRole("button", { name: "Submit" }));
    const verdict = await screen.findByTestId("trial-verdict");
    expect(verdict.closest("[aria-live='polite']")).not.toBeNull();
    expect(verdict.textContent).toContain("Not yet, warrior: 1 of 4 cases passed.");
    const cases = within(verdict).getAllByRole("listitem");
    expect(cases.map((li) => li.querySelector(".case-status")?.textContent)).toEqual([
      "failed",
      "passed",
      "failed",
      "timed out",
    ]);
    expect(within(cases[0] as HTMLElement).getByText("Your output").nextSibling?.textContent).toBe("Hello\n");
    expect(within(cases[0] as HTMLElement).getByText("Expected output").nextSibling?.textContent).toBe(
      "Hail, Arthur!\n",
    );
    expect(cases[2]?.querySelector("pre")).toBeNull();
    expect(onPassed).not.toHaveBeenCalled();

    const call = fetch.mock.calls.find(([url, init]) => url === `/api/exercises/${ID}/submissions` && init);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ code: detail.starter, language: "java" });
  });

  it("reads 'not run' for the cases after one that timed out, with no empty output boxes", async () => {
    const stopped = {
      passed: false,
      cases: [
        { name: "a knight", passed: true, timedOut: false },
        { name: "a loop", passed: false, timedOut: true },
        { name: "a long name", passed: false, timedOut: false, notRun: true },
        { name: "an empty name", passed: false, timedOut: false, notRun: true, expected: "Hail, !\n", actual: "" },
      ],
    };
    serve({ [LIST]: () => [200, [summary]], [DETAIL]: () => [200, detail], [SUBMIT]: () => [200, stopped] });
    renderTrials();
    fireEvent.click(await screen.findByRole("button", { name: "Submit" }));
    const verdict = await screen.findByTestId("trial-verdict");
    const cases = within(verdict).getAllByRole("listitem");
    expect(cases.map((li) => li.querySelector(".case-status")?.textContent)).toEqual([
      "passed",
      "timed out",
      "not run",
      "not run",
    ]);
    expect(cases[3]?.querySelector("pre")).toBeNull();
  });

  it("shows a compile error", async () => {
    serve({
      [LIST]: () => [200, [summary]],
      [DETAIL]: () => [200, detail],
      [SUBMIT]: () => [
        200,
        {
          passed: false,
          compileError: "Main.java:3: error: ';' expected",
          cases: failed.cases.map(({ name }) => ({ name, passed: false, timedOut: false })),
        },
      ],
    });
    renderTrials();
    fireEvent.click(await screen.findByRole("button", { name: "Submit" }));
    const verdict = await screen.findByTestId("trial-verdict");
    expect(verdict.textContent).toContain("did not compile");
    expect(verdict.querySelector(".trial-compile-error")?.textContent).toBe("Main.java:3: error: ';' expected");
  });

  it("says why a submission could not be judged, with Retry", async () => {
    serve({
      [LIST]: () => [200, [summary]],
      [DETAIL]: () => [200, detail],
      [SUBMIT]: () => [429, { message: "Too many submissions. Try again in a minute." }],
    });
    renderTrials();
    fireEvent.click(await screen.findByRole("button", { name: "Submit" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Too many submissions. Try again in a minute.");
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("a signed-in learner's first pass shows the xp, tells the page and refreshes the passed flags", async () => {
    signIn();
    let listCalls = 0;
    serve({
      "GET /api/auth/me": me,
      [LIST]: () => [200, [{ ...summary, passed: ++listCalls > 1 }]],
      [DETAIL]: () => [200, detail],
      [SUBMIT]: () => [200, allGreen({ firstPass: true })],
    });
    const onPassed = renderTrials();
    fireEvent.click(await screen.findByRole("button", { name: "Submit" }));
    const verdict = await screen.findByTestId("trial-verdict");
    expect(verdict.textContent).toContain("Trial conquered! All 4 cases passed.");
    expect(screen.getByTestId("trial-xp").textContent).toContain("+25 XP earned");
    expect(onPassed).toHaveBeenCalledWith(true);
    expect(await screen.findByText("Conquered")).toBeTruthy();
    expect(localStorage.getItem(storageKeys.quizReceipts)).toBeNull();
  });

  it("a pass already recorded grants nothing new", async () => {
    signIn();
    serve({
      "GET /api/auth/me": me,
      [LIST]: () => [200, [{ ...summary, passed: true }]],
      [DETAIL]: () => [200, detail],
      [SUBMIT]: () => [200, allGreen({ firstPass: false })],
    });
    const onPassed = renderTrials();
    fireEvent.click(await screen.findByRole("button", { name: "Submit" }));
    expect(await screen.findByText(/already conquered this trial/)).toBeTruthy();
    expect(screen.queryByTestId("trial-xp")).toBeNull();
    expect(onPassed).toHaveBeenCalledWith(false);
  });

  it("a visitor's pass keeps the receipt beside the quiz receipts and invites them to sign in", async () => {
    localStorage.setItem(storageKeys.quizReceipts, JSON.stringify(["quiz-receipt"]));
    serve({
      [LIST]: () => [200, [summary]],
      [DETAIL]: () => [200, detail],
      [SUBMIT]: () => [200, allGreen({ receipt: "trial-receipt" })],
    });
    renderTrials();
    fireEvent.click(await screen.findByRole("button", { name: "Submit" }));
    const xp = await screen.findByTestId("trial-xp");
    expect(xp.textContent).toContain("+25 XP await you");
    expect(within(xp).getByRole("link", { name: "sign in" }).getAttribute("href")).toBe("/login");
    expect(within(xp).getByRole("link", { name: "register" }).getAttribute("href")).toBe("/register");
    expect(JSON.parse(localStorage.getItem(storageKeys.quizReceipts) ?? "[]")).toEqual([
      "quiz-receipt",
      "trial-receipt",
    ]);
  });
});

describe("topic trials the reader cannot see", () => {
  it.each([403, 404])("shows nothing when the list answers %i", async (status) => {
    const fetch = serve({ [LIST]: () => [status, { message: "No" }] });
    renderTrials();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText(/Trial/)).toBeNull();
  });
});

describe("a trial's draft", () => {
  it("comes back when the trial opens again, and Reset to starter offers Undo", async () => {
    localStorage.setItem(
      storageKeys.draft(`trial:${ID}`),
      JSON.stringify({ code: "public class Main { /* my draft */ }", updatedAt: 1 }),
    );
    const fetch = serve({
      [LIST]: () => [200, [summary]],
      [DETAIL]: () => [200, detail],
      [SUBMIT]: () => [200, failed],
    });
    renderTrials();
    fireEvent.click(await screen.findByRole("button", { name: "Submit" }));
    await screen.findByTestId("trial-verdict");
    const call = fetch.mock.calls.find(([url, init]) => url === `/api/exercises/${ID}/submissions` && init);
    expect(JSON.parse(String(call?.[1]?.body)).code).toBe("public class Main { /* my draft */ }");

    fireEvent.click(screen.getByRole("button", { name: "Reset to starter" }));
    expect(screen.queryByTestId("trial-verdict")).toBeNull();
    expect(localStorage.getItem(storageKeys.draft(`trial:${ID}`))).toBeNull();
    expect(screen.getByText("Your code was reset to the starter.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(JSON.parse(localStorage.getItem(storageKeys.draft(`trial:${ID}`)) ?? "{}").code).toBe(
      "public class Main { /* my draft */ }",
    );
    await waitFor(() => expect(editorText()).toContain("my draft"));
  });

  it("a project trial shows its files as tabs, keeps the draft of every file and submits them all", async () => {
    const files = [
      { path: "kingdom/Main.java", code: "package kingdom;\npublic class Main {}" },
      { path: "kingdom/Army.java", code: "package kingdom;\nclass Army {}" },
    ];
    // The learner's earlier draft: both files as JSON, Army.java edited.
    localStorage.setItem(
      storageKeys.draft(`trial:${ID}`),
      JSON.stringify({
        code: JSON.stringify([files[0], { ...files[1], code: "package kingdom;\nclass Army { /* mine */ }" }]),
        updatedAt: Date.now(),
      }),
    );
    const fetch = serve({
      [LIST]: () => [200, [summary]],
      [DETAIL]: () => [200, { ...detail, starter: files[0]?.code, files, layout: "flat" }],
      [SUBMIT]: () => [200, failed],
    });
    renderTrials();
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Main.java", "Army.java"]);
    fireEvent.click(screen.getByRole("tab", { name: "kingdom/Army.java" }));
    await waitFor(() =>
      expect(
        screen.getByRole("tabpanel").querySelector(".code-mirror-host")?.shadowRoot?.querySelector(".cm-content")
          ?.textContent,
      ).toContain("/* mine */"),
    );
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByTestId("trial-verdict");
    const call = fetch.mock.calls.find(([url, init]) => url === `/api/exercises/${ID}/submissions` && init);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      code: files[0]?.code,
      language: "java",
      files: [files[0], { ...files[1], code: "package kingdom;\nclass Army { /* mine */ }" }],
    });
  });

  it("a Java submission made offline waits to be graded, passes nothing, and shows the server's verdict back online", async () => {
    signIn();
    const fetch = serve({
      "GET /api/auth/me": me,
      [LIST]: () => [200, [summary]],
      [DETAIL]: () => [200, detail],
      [SUBMIT]: () => [200, failed],
    });
    const onPassed = renderTrials();
    const trial = await screen.findByRole("region", { name: "Trial: Greet the realm" });
    await within(trial).findByText("Hail, Arthur!");
    const offline = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    fireEvent.click(await within(trial).findByRole("button", { name: "Submit" }));
    const waiting = await within(trial).findByTestId("trial-waiting");
    expect(waiting.textContent).toContain("Waiting to be graded");
    expect(waiting.textContent).toContain("Java programs run only on the server");
    expect(waiting.textContent).toContain("1 attempt waiting to be graded.");
    expect(within(trial).queryByTestId("trial-verdict")).toBeNull();
    expect(fetch.mock.calls.some(([url, init]) => url === `/api/exercises/${ID}/submissions` && init)).toBe(false);
    expect(await waitingCount()).toBe(1);

    offline.mockReturnValue(true);
    await flushAttempts();
    const verdict = await within(trial).findByTestId("trial-verdict");
    expect(verdict.textContent).toContain("Not yet, warrior: 1 of 4 cases passed.");
    expect(within(trial).queryByTestId("trial-waiting")).toBeNull();
    expect(onPassed).not.toHaveBeenCalled();
    expect(await waitingCount()).toBe(0);
  });
});
