import { type CourseProgress, emptyProgress, markComplete } from "@koc/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepInBrowser } from "../../../lib/query-persister";
import { courseProgressQuery, type SaveState, saveNote, useSaveProgress } from "./save-progress";

const idle: SaveState = {
  isIdle: true,
  isPaused: false,
  isPending: false,
  isError: false,
  isSuccess: false,
  failureCount: 0,
  error: null,
};

/** The server's answer to a PUT: the record it stores (it computes xp itself; here it keeps what came). */
const stored = (body: CourseProgress) =>
  new Response(JSON.stringify({ courseId: "java", updatedAt: "2026-01-01T00:00:00.000Z", ...body }), { status: 200 });

interface Harness {
  change: (next: CourseProgress, previous: CourseProgress) => void;
}

function setup() {
  const client = new QueryClient();
  keepInBrowser(client);
  const harness: Harness = { change: () => undefined };
  function Probe() {
    const save = useSaveProgress("java");
    harness.change = (next, previous) => save.mutate({ next, previous });
    return <p role="status">{saveNote(save)}</p>;
  }
  render(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  return { client, harness };
}

const { queryKey: key } = courseProgressQuery("java", true);
const one = markComplete(emptyProgress(), "t1");
const two = markComplete(one, "t2");

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "t0k3n");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the course page's note on saving progress", () => {
  it("says nothing before the first save, and says what is happening after", () => {
    expect(saveNote(idle)).toBeUndefined();
    expect(saveNote({ ...idle, isPending: true })).toBeUndefined();
    expect(saveNote({ ...idle, isPending: true, isPaused: true })).toMatch(/^Not saved yet: you are offline/);
    expect(saveNote({ ...idle, isPending: true, failureCount: 1 })).toBe("Not saved yet, retrying...");
    expect(saveNote({ ...idle, isError: true, failureCount: 4, error: new TypeError("Failed to fetch") })).toMatch(
      /could not be saved on the server/,
    );
    expect(saveNote({ ...idle, isSuccess: true })).toBe("Saved");
  });
});

describe("saving progress through TanStack Query", () => {
  it("sends a course's saves one after another: the second waits for the first", async () => {
    const answers: Array<() => void> = [];
    const bodies: CourseProgress[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((resolve) => {
            const body = JSON.parse(String(init.body)) as CourseProgress;
            bodies.push(body);
            answers.push(() => resolve(stored(body)));
          }),
      ),
    );
    const { client, harness } = setup();
    act(() => harness.change(one, emptyProgress()));
    act(() => harness.change(two, one));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.completed).toEqual(["t1"]);
    // The optimistic record is the newest change, before any answer.
    expect(client.getQueryData(key)?.completed).toEqual(["t1", "t2"]);
    await new Promise((r) => setTimeout(r, 20));
    expect(bodies).toHaveLength(1);
    act(() => answers[0]?.());
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]?.completed).toEqual(["t1", "t2"]);
    // The first answer does not replace the newer change queued behind it.
    expect(client.getQueryData(key)?.completed).toEqual(["t1", "t2"]);
    act(() => answers[1]?.());
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Saved"));
    expect(client.getQueryData(key)?.completed).toEqual(["t1", "t2"]);
    expect(JSON.parse(localStorage.getItem("progress_java") ?? "null").completed).toEqual(["t1", "t2"]);
  });

  it("retries a save after a network failure: 'retrying' first, then 'Saved'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        calls += 1;
        if (calls === 1) throw new TypeError("Failed to fetch");
        return stored(JSON.parse(String(init.body)));
      }),
    );
    const { harness } = setup();
    act(() => harness.change(one, emptyProgress()));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Not saved yet, retrying..."));
    expect(calls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Saved"));
    expect(calls).toBe(2);
    expect(JSON.parse(localStorage.getItem("progress_java") ?? "null").completed).toEqual(["t1"]);
  });

  it("rolls the change back, in the cache and in the browser, when the server refuses it (4xx, no retry)", async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ message: "completed: too many topics" }), { status: 400 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { client, harness } = setup();
    client.setQueryData(key, one);
    localStorage.setItem("progress_java", JSON.stringify(two));
    act(() => harness.change(two, one));
    await waitFor(() => expect(screen.getByRole("status").textContent).toMatch(/did not accept this change/));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(key)).toEqual(one);
    expect(JSON.parse(localStorage.getItem("progress_java") ?? "null")).toEqual(one);
  });
});

describe("reading the server's progress (queryOptions)", () => {
  it("merges the server's record with the browser's and sends up what only the browser knew", async () => {
    localStorage.setItem("progress_java", JSON.stringify(one));
    const puts: CourseProgress[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        if (init.method === "PUT") {
          const body = JSON.parse(String(init.body)) as CourseProgress;
          puts.push(body);
          return stored(body);
        }
        return stored(markComplete(emptyProgress(), "t2"));
      }),
    );
    const client = new QueryClient();
    keepInBrowser(client);
    const merged = await client.fetchQuery({ ...courseProgressQuery("java", true), staleTime: 0 });
    expect([...(merged?.completed ?? [])].sort()).toEqual(["t1", "t2"]);
    expect(puts).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem("progress_java") ?? "null").completed.sort()).toEqual(["t1", "t2"]);
  });

  it("a failed read is an error (TanStack Query retries it), not an empty record", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const client = new QueryClient();
    await expect(
      client.fetchQuery({ ...courseProgressQuery("java", true), staleTime: 0, retry: false }),
    ).rejects.toThrow("Failed to fetch");
  });
});
