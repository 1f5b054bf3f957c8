import { useCallback, useRef, useState } from "react";
import { offlineAnswer } from "./offline-answers";

export interface PageChatMessage {
  id: number;
  type: "bot" | "user";
  text: string;
  timestamp: string;
}

export const THINKING_MS = 1500;
export const SPEAK_CLEARLY = "Speak clearly";
export const PAGE_GREETING =
  "Welcome to my training hall, warrior. I am Kattappa. Ask me about Java, Python, JavaScript, React, debugging or algorithms.";

/** Replies produced locally (spec section 4, Course chat): Kattappa's canned answers by topic. */
export function pageReply(text: string): string {
  if (text.trim().length < 2) return SPEAK_CLEARLY;
  const lower = text.toLowerCase();
  if (lower.includes("debug")) {
    return "To debug Java: read the stack trace from the top, open the line it names, print the values you suspect (or set a breakpoint in your IDE), and change one thing at a time. Most bugs are a null, an off-by-one index or a wrong condition.";
  }
  if (lower.includes("oop") || lower.includes("object")) {
    return "OOP rests on four pillars: encapsulation (hide state behind methods), inheritance (share behaviour through a parent class), polymorphism (one call, many behaviours) and abstraction (depend on what a thing does, not how). The Java course covers each from topic 15 on.";
  }
  if (lower.includes("data structure")) {
    return "Data structures organise data for fast access: arrays and lists for order, hash maps for lookup by key, stacks and queues for processing order, trees for sorted data and hierarchies, graphs for connections. Pick the one whose operations you need most.";
  }
  if (lower.includes("algorithm")) {
    return "For an algorithm problem: restate it, work a small example by hand, find a brute-force answer, then improve it with the right pattern (two pointers, hashing, sliding window, recursion, dynamic programming). Always state the time and space complexity.";
  }
  return offlineAnswer(text);
}

/** The page chat: a thinking indicator for 1500 ms, then the local reply; sending is blocked meanwhile. */
export function usePageChat() {
  const [messages, setMessages] = useState<PageChatMessage[]>([
    { id: 0, type: "bot", text: PAGE_GREETING, timestamp: new Date().toISOString() },
  ]);
  const [thinking, setThinking] = useState(false);
  const nextId = useRef(1);

  const send = useCallback(
    (raw: string): boolean => {
      const text = raw.trim();
      if (!text || thinking) return false;
      setMessages((m) => [...m, { id: nextId.current++, type: "user", text, timestamp: new Date().toISOString() }]);
      setThinking(true);
      window.setTimeout(() => {
        setMessages((m) => [
          ...m,
          { id: nextId.current++, type: "bot", text: pageReply(text), timestamp: new Date().toISOString() },
        ]);
        setThinking(false);
      }, THINKING_MS);
      return true;
    },
    [thinking],
  );

  return { messages, thinking, send };
}
