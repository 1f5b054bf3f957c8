import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, renderHook, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChatLog } from "./chat-log";
import { offlineAnswer } from "./offline-answers";
import {
  FLOATING_OFFLINE_DELAY_MS,
  FLOATING_SERVER_DELAY_MS,
  PAGE_THINKING_MS,
  SERVER_ISSUE,
  SPEAK_CLEARLY,
  THINKING,
  useMentorChat,
} from "./use-mentor-chat";

const SOURCE = {
  courseId: "java-programming",
  materialId: "java-programming--maps",
  title: "HashMap and TreeMap",
  section: "What a Map Is",
};

/** A stand-in for POST /api/ai/chat/stream over fetch, the browser's boundary; `answer` decides each reply. */
function fakeServer(answer: () => Promise<Response>) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      expect(url).toBe("/api/ai/chat/stream");
      bodies.push(JSON.parse(String(init.body)));
      return answer();
    }),
  );
  return bodies;
}
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
/** The server's Server-Sent Events, one `data:` line each. */
const events = (...list: unknown[]) => new Response(list.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(""));
const done = (answer: unknown) => events({ type: "done", answer });
const ANSWER = { success: true, response: "From **HashMap and TreeMap**: a map stores pairs.", sources: [SOURCE] };
const ok = () => Promise.resolve(done(ANSWER));

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

function chat(variant: "page" | "floating", context?: () => Record<string, string>) {
  return renderHook(() => useMentorChat({ greeting: "Greetings", variant, ...(context ? { context } : {}) }), {
    wrapper,
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Kattappa's chat hook on the page", () => {
  it("ignores empty input, says Speak clearly to one letter without asking the server, after the 1500 ms indicator", async () => {
    vi.useFakeTimers();
    const bodies = fakeServer(ok);
    const { result } = chat("page");
    act(() => {
      expect(result.current.send("   ").accepted).toBe(false);
    });
    act(() => {
      result.current.send("x");
    });
    expect(result.current.thinking).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(PAGE_THINKING_MS));
    expect(result.current.thinking).toBe(false);
    expect(result.current.messages.at(-1)?.text).toBe(SPEAK_CLEARLY);
    expect(bodies).toEqual([]);
  });

  it("asks the server, keeps the indicator at least 1500 ms, blocks sending meanwhile, and keeps the sources", async () => {
    vi.useFakeTimers();
    const bodies = fakeServer(ok);
    const { result } = chat("page");
    act(() => {
      result.current.send("What is a HashMap?");
    });
    act(() => {
      expect(result.current.send("again").accepted).toBe(false);
    });
    await act(() => vi.advanceTimersByTimeAsync(PAGE_THINKING_MS - 1));
    expect(result.current.thinking).toBe(true);
    expect(result.current.messages).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.thinking).toBe(false);
    expect(bodies).toEqual([{ message: "What is a HashMap?" }]);
    expect(result.current.messages.at(-1)).toMatchObject({ type: "bot", sources: [SOURCE] });
  });

  it("shows the indicator until a slow answer arrives", async () => {
    vi.useFakeTimers();
    let release: (r: Response) => void = () => undefined;
    fakeServer(() => new Promise<Response>((resolve) => (release = resolve)));
    const { result } = chat("page");
    act(() => {
      result.current.send("What is a HashMap?");
    });
    await act(() => vi.advanceTimersByTimeAsync(PAGE_THINKING_MS * 3));
    expect(result.current.thinking).toBe(true);
    await act(async () => release(done({ success: true, response: "late", sources: [] })));
    expect(result.current.thinking).toBe(false);
    expect(result.current.messages.at(-1)?.text).toBe("late");
  });

  it("uses the offline answers only on a network failure; success false and bad answers say so; 429 in Kattappa's words", async () => {
    vi.useFakeTimers();
    const cases: [() => Promise<Response>, string][] = [
      [() => Promise.reject(new TypeError("Failed to fetch")), offlineAnswer("tell me about python")],
      [() => Promise.resolve(done({ success: false, response: "", sources: [] })), SERVER_ISSUE],
      [() => Promise.resolve(done({ success: true })), SERVER_ISSUE],
      [() => Promise.resolve(events({ type: "delta", text: "cut" })), SERVER_ISSUE],
      [() => json({ message: "Something went wrong on our side." }, 500), SERVER_ISSUE],
      [
        () => json({ message: "Even Kattappa must catch his breath, warrior." }, 429),
        "Even Kattappa must catch his breath, warrior.",
      ],
    ];
    for (const [reply, expected] of cases) {
      fakeServer(reply);
      const { result } = chat("page");
      act(() => {
        result.current.send("tell me about python");
      });
      await act(() => vi.advanceTimersByTimeAsync(PAGE_THINKING_MS));
      expect(result.current.messages.at(-1)?.text).toBe(expected);
    }
    expect(offlineAnswer("tell me about python")).toMatch(/^Python reads almost like English/);
  });
});

describe("Kattappa's answer as a stream", () => {
  it("shows the pieces as they arrive once the 1500 ms indicator has passed, and drops them on a restart", async () => {
    vi.useFakeTimers();
    let push: (chunk: string) => void = () => undefined;
    let finish: () => void = () => undefined;
    fakeServer(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const encoder = new TextEncoder();
          push = (chunk) => controller.enqueue(encoder.encode(chunk));
          finish = () => controller.close();
        },
      });
      return new Response(body);
    });
    const { result } = chat("page");
    act(() => {
      result.current.send("What is a HashMap?");
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(async () => push(`data: ${JSON.stringify({ type: "delta", text: "A map " })}\n\n`));
    // Before the thinking indicator has run its course, nothing of the answer shows.
    expect(result.current.messages).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(PAGE_THINKING_MS));
    expect(result.current.messages.at(-1)).toMatchObject({ type: "bot", text: "A map " });
    expect(result.current.thinking).toBe(true);
    // An event split across two reads is put back together.
    await act(async () => push(`data: ${JSON.stringify({ type: "delta", text: "stores" }).slice(0, 10)}`));
    await act(async () => push(`${JSON.stringify({ type: "delta", text: "stores" }).slice(10)}\n\n`));
    expect(result.current.messages.at(-1)?.text).toBe("A map stores");
    await act(async () => push(`data: ${JSON.stringify({ type: "restart" })}\n\n`));
    await act(async () => push(`data: ${JSON.stringify({ type: "delta", text: "From the lessons" })}\n\n`));
    expect(result.current.messages.at(-1)?.text).toBe("From the lessons");
    await act(async () => {
      push(`data: ${JSON.stringify({ type: "done", answer: ANSWER })}\n\n`);
      finish();
    });
    expect(result.current.thinking).toBe(false);
    expect(result.current.messages).toHaveLength(3);
    expect(result.current.messages.at(-1)).toMatchObject({ type: "bot", text: ANSWER.response, sources: [SOURCE] });
  });

  it("tries a server failure once more (TanStack's retry) and shows the answer", async () => {
    vi.useFakeTimers();
    let calls = 0;
    const bodies = fakeServer(() => {
      calls += 1;
      return calls === 1 ? json({ message: "Service Unavailable" }, 503) : ok();
    });
    const { result } = chat("page");
    act(() => {
      result.current.send("What is a HashMap?");
    });
    await act(() => vi.advanceTimersByTimeAsync(PAGE_THINKING_MS));
    expect(calls).toBe(2);
    expect(bodies).toHaveLength(2);
    expect(result.current.messages.at(-1)).toMatchObject({ type: "bot", text: ANSWER.response });
  });

  it("says so when the retry fails too, and the next question is answered", async () => {
    vi.useFakeTimers();
    let calls = 0;
    fakeServer(() => {
      calls += 1;
      return calls <= 2 ? json({ message: "Service Unavailable" }, 503) : ok();
    });
    const { result } = chat("page");
    act(() => {
      result.current.send("What is a HashMap?");
    });
    await act(() => vi.advanceTimersByTimeAsync(PAGE_THINKING_MS));
    expect(calls).toBe(2);
    expect(result.current.messages.at(-1)?.text).toBe(SERVER_ISSUE);
    act(() => {
      expect(result.current.send("What is a HashMap?").accepted).toBe(true);
    });
    await act(() => vi.advanceTimersByTimeAsync(PAGE_THINKING_MS));
    expect(calls).toBe(3);
    expect(result.current.messages.at(-1)?.text).toBe(ANSWER.response);
  });
});

describe("Kattappa's chat hook in the floating assistant", () => {
  it("shows a placeholder, replaces it 500 ms after a server reply, and sends the lesson context", async () => {
    vi.useFakeTimers();
    const bodies = fakeServer(ok);
    const context = {
      courseId: "java-programming",
      materialId: "java-programming--maps",
      code: "class A {}",
      language: "java",
    };
    const { result } = chat("floating", () => context);
    act(() => {
      result.current.send("why does this not compile?");
    });
    expect(result.current.messages.at(-1)).toMatchObject({ text: THINKING, pending: true });
    await act(() => vi.advanceTimersByTimeAsync(FLOATING_SERVER_DELAY_MS - 1));
    expect(result.current.messages.at(-1)?.pending).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.messages.at(-1)).toMatchObject({ type: "bot", sources: [SOURCE] });
    expect(result.current.messages.at(-1)?.pending).toBeUndefined();
    expect(bodies).toEqual([{ message: "why does this not compile?", context }]);
  });

  it("replaces the placeholder with the answer so far 500 ms after its first piece, then keeps it growing", async () => {
    vi.useFakeTimers();
    let push: (event: unknown) => void = () => undefined;
    fakeServer(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (event) => controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(event)}\n\n`));
        },
      });
      return new Response(body);
    });
    const { result } = chat("floating");
    act(() => {
      result.current.send("what is a map?");
    });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(result.current.messages.at(-1)).toMatchObject({ text: THINKING, pending: true });
    await act(async () => push({ type: "delta", text: "A map " }));
    await act(() => vi.advanceTimersByTimeAsync(FLOATING_SERVER_DELAY_MS - 1));
    expect(result.current.messages.at(-1)?.pending).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.messages.at(-1)).toMatchObject({ type: "bot", text: "A map " });
    expect(result.current.messages.at(-1)?.pending).toBeUndefined();
    await act(async () => push({ type: "delta", text: "stores pairs." }));
    expect(result.current.messages.at(-1)?.text).toBe("A map stores pairs.");
    await act(async () => push({ type: "done", answer: ANSWER }));
    expect(result.current.messages).toHaveLength(3);
    expect(result.current.messages.at(-1)).toMatchObject({ text: ANSWER.response, sources: [SOURCE] });
  });

  it("answers offline after 1000 ms on a network failure, and leaves out code over the API's limit", async () => {
    vi.useFakeTimers();
    const bodies = fakeServer(() => Promise.reject(new TypeError("Failed to fetch")));
    const { result } = chat("floating", () => ({ courseId: "java-programming", code: "x".repeat(20_001) }));
    act(() => {
      result.current.send("hello there");
    });
    await act(() => vi.advanceTimersByTimeAsync(FLOATING_OFFLINE_DELAY_MS - 1));
    expect(result.current.messages.at(-1)?.pending).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.messages.at(-1)?.text).toBe(offlineAnswer("hello there"));
    expect(bodies).toEqual([{ message: "hello there", context: { courseId: "java-programming" } }]);
  });
});

describe("the chat log", () => {
  it("renders answers as Markdown without injecting HTML, and links the cited lessons", () => {
    render(
      <MemoryRouter>
        <ChatLog
          variant="page"
          messages={[
            {
              id: 1,
              type: "bot",
              text: 'Use **map.get**:\n\n```java\nint n = map.get("a");\n```\n\n<img src=x onerror="alert(1)">',
              timestamp: "2026-01-01T00:00:00.000Z",
              sources: [SOURCE],
            },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText("map.get").tagName).toBe("STRONG");
    expect(screen.getByText('int n = map.get("a");').tagName).toBe("CODE");
    expect(document.querySelector("img")).toBeNull();
    expect(screen.getByText('<img src=x onerror="alert(1)">')).toBeTruthy();
    // The link opens the cited lesson itself on its course page.
    expect(screen.getByRole("link", { name: "HashMap and TreeMap" }).getAttribute("href")).toBe(
      "/course/java-programming/lesson/java-programming--maps",
    );
  });
});
