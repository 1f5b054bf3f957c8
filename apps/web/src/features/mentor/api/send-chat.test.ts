import { afterEach, describe, expect, it, vi } from "vitest";
import { storageKeys } from "../../../lib/storage-keys";
import { streamChat } from "./send-chat";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A response whose body arrives in the given pieces, as a slow network delivers it. */
function pieces(...parts: string[]) {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const p of parts) controller.enqueue(encoder.encode(p));
        controller.close();
      },
    }),
    { status: 200, headers: { "content-type": "text/event-stream" } },
  );
}

const done = { type: "done", answer: { success: true, response: "Look at the loop.", sources: [] } };

describe("reading the mentor's stream", () => {
  it("joins events split across chunks, drops pieces on restart, and returns the done answer", async () => {
    const calls: RequestInit[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        calls.push(init);
        return pieces(
          'data: {"type":"delta","te',
          'xt":"Look "}\n\ndata: {"type":"restart"}\n',
          '\ndata: {"type":"delta","text":"Look at"}\n\n: keep-alive\n\n',
          `data: ${JSON.stringify(done)}\n\n`,
        );
      }),
    );
    const seen: string[] = [];
    const answer = await streamChat({ message: "why?" }, (t) => seen.push(t));
    expect(seen).toEqual(["Look ", "", "Look at"]);
    expect(answer.response).toBe("Look at the loop.");
    expect(new Headers(calls[0]?.headers).get("x-trial-help")).toBeNull();
  });

  it("on a trial, sends a visitor's signed ladder state for that trial", async () => {
    localStorage.setItem(storageKeys.trialHelp, JSON.stringify({ "t-1": "h.signed", "t-2": "h.other" }));
    const calls: RequestInit[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        calls.push(init);
        return pieces(`data: ${JSON.stringify(done)}\n\n`);
      }),
    );
    await streamChat({ message: "hint?", context: { trialId: "t-1" } }, () => undefined);
    expect(new Headers(calls[0]?.headers).get("x-trial-help")).toBe("h.signed");
  });

  it("a stream that ends without done, or sends junk, is an error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => pieces('data: {"type":"delta","text":"half"}\n\n')),
    );
    await expect(streamChat({ message: "x" }, () => undefined)).rejects.toThrow(/stopped before/);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => pieces("data: {not json}\n\n")),
    );
    await expect(streamChat({ message: "x" }, () => undefined)).rejects.toThrow();
  });
});
