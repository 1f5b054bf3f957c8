import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { offlineAnswer } from "./offline-answers";
import { pageReply, SPEAK_CLEARLY, THINKING_MS, usePageChat } from "./use-page-chat";

afterEach(() => vi.useRealTimers());

describe("Kattappa's page chat", () => {
  it("answers Speak clearly to input shorter than 2 characters", () => {
    expect(pageReply("a")).toBe(SPEAK_CLEARLY);
    expect(pageReply("How do I debug Java code?")).toMatch(/stack trace/);
  });

  it("shows a thinking indicator for 1500 ms, blocks sending meanwhile and ignores empty input", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => usePageChat());
    let sent = false;
    act(() => {
      sent = result.current.send("   ");
    });
    expect(sent).toBe(false);
    act(() => {
      sent = result.current.send("Explain OOP concepts");
    });
    expect(sent).toBe(true);
    expect(result.current.thinking).toBe(true);
    act(() => {
      sent = result.current.send("again");
    });
    expect(sent).toBe(false);
    act(() => vi.advanceTimersByTime(THINKING_MS - 1));
    expect(result.current.messages).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.thinking).toBe(false);
    expect(result.current.messages.at(-1)?.text).toMatch(/encapsulation/);
  });

  it("offline answers: the first topic key contained in the message wins", () => {
    expect(offlineAnswer("I love JavaScript and python")).toMatch(/JavaScript runs in every browser/);
    expect(offlineAnswer("thanks!")).toMatch(/welcome/);
    expect(offlineAnswer("quantum")).toMatch(/connection to the royal archives was disrupted/);
  });
});
