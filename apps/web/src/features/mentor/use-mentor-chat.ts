import type { MentorContext, MentorSource } from "@koc/shared";
import { useCallback, useRef, useState } from "react";
import { ApiError } from "../../lib/api-client";
import { type OnText, useSendChat } from "./api/send-chat";
import { offlineAnswer } from "./offline-answers";

export interface ChatMessage {
  id: number;
  type: "bot" | "user";
  text: string;
  timestamp: string;
  sources?: MentorSource[];
  /** The floating assistant's placeholder while Kattappa thinks. */
  pending?: boolean;
  /** Text written in the app, not Markdown (the greeting): drawn without the lesson renderer. */
  plain?: boolean;
}

/** The page's thinking indicator (a minimum), the floating assistant's delays. */
export const PAGE_THINKING_MS = 1500;
export const FLOATING_SERVER_DELAY_MS = 500;
export const FLOATING_OFFLINE_DELAY_MS = 1000;
export const SPEAK_CLEARLY = "Speak clearly";
export const SERVER_ISSUE = "Sorry, I encountered an issue. Please try again!";
export const THINKING = "Kattappa is thinking...";
/** The server's answer may carry this much of the editor's code (the API's limit). */
export const MAX_CONTEXT_CODE = 20_000;

const now = () => new Date().toISOString();
const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

interface Reply {
  text: string;
  sources?: MentorSource[];
  offline: boolean;
}

function trimContext(context: MentorContext | undefined): MentorContext | undefined {
  if (!context || Object.keys(context).length === 0) return undefined;
  if ((context.code?.length ?? 0) <= MAX_CONTEXT_CODE) return context;
  const { code: _tooLong, ...rest } = context;
  return rest;
}

const bot = (reply: Reply, id: number): ChatMessage => ({
  id,
  type: "bot",
  text: reply.text,
  timestamp: now(),
  ...(reply.sources && reply.sources.length > 0 ? { sources: reply.sources } : {}),
});

export interface MentorChatOptions {
  greeting: string;
  /** page: /kattappa and /kattappa-test; floating: the assistant on every page. */
  variant: "page" | "floating";
  /** Read when a question is sent: the open lesson and the editor's code. */
  context?: () => MentorContext | undefined;
}

/**
 * Kattappa's one conversation hook. Every question goes to POST /api/ai/chat/stream (a TanStack
 * Query mutation that reads the answer as it arrives; a server failure is tried once more). The
 * answer shows piece by piece once the thinking delay has passed. Only a network failure falls back
 * to the offline keyword answers (offline-answers.ts); success false and server errors say so; a rate limit is
 * told in Kattappa's words (the server's message).
 */
export function useMentorChat({ greeting, variant, context }: MentorChatOptions) {
  const [messages, setMessages] = useState<ChatMessage[]>([
    { id: 0, type: "bot", text: greeting, timestamp: now(), plain: true },
  ]);
  const [thinking, setThinking] = useState(false);
  const nextId = useRef(1);
  const busy = useRef(false);
  const { mutateAsync } = useSendChat();

  const ask = useCallback(
    async (message: string, onText: OnText): Promise<Reply> => {
      try {
        const ctx = trimContext(context?.());
        const answer = await mutateAsync({ body: ctx ? { message, context: ctx } : { message }, onText });
        return answer.success
          ? { text: answer.response, sources: answer.sources, offline: false }
          : { text: SERVER_ISSUE, offline: false };
      } catch (err) {
        if (err instanceof ApiError) return { text: err.status === 429 ? err.message : SERVER_ISSUE, offline: false };
        // fetch rejects with a TypeError when the network fails; anything else is a bad answer.
        if (err instanceof TypeError) return { text: offlineAnswer(message), offline: true };
        return { text: SERVER_ISSUE, offline: false };
      }
    },
    [mutateAsync, context],
  );

  /** Sends a message; false when it was ignored (empty, or the page is still thinking). */
  const send = useCallback(
    (raw: string): { accepted: boolean; answered: Promise<void> } => {
      const text = raw.trim();
      if (!text || (variant === "page" && busy.current)) return { accepted: false, answered: Promise.resolve() };
      const userMessage: ChatMessage = { id: nextId.current++, type: "user", text, timestamp: now() };

      // The bot's message: absent (page) or the placeholder (floating) until the thinking delay has passed.
      const botId = nextId.current++;
      const show = (message: ChatMessage) =>
        setMessages((m) =>
          m.some((x) => x.id === botId) ? m.map((x) => (x.id === botId ? message : x)) : [...m, message],
        );
      const partial = (text: string) => ({ id: botId, type: "bot" as const, text, timestamp: now() });
      let soFar = "";
      let revealed = false;
      const reveal = () => {
        revealed = true;
        if (soFar) show(partial(soFar));
      };
      // The thinking delay starts once: at the send (page), at the first piece or the answer (floating).
      let delay: Promise<void> | null = null;
      const startDelay = (ms: number) => {
        delay ??= wait(ms).then(reveal);
        return delay;
      };
      const onText: OnText = (text) => {
        soFar = text;
        if (revealed && text) show(partial(text));
        else if (variant === "floating") startDelay(FLOATING_SERVER_DELAY_MS);
      };

      if (variant === "page") {
        busy.current = true;
        setThinking(true);
        setMessages((m) => [...m, userMessage]);
        startDelay(PAGE_THINKING_MS);
        const reply =
          text.length < 2 ? Promise.resolve<Reply>({ text: SPEAK_CLEARLY, offline: false }) : ask(text, onText);
        const answered = Promise.all([reply, delay]).then(([r]) => {
          show(bot(r, botId));
          busy.current = false;
          setThinking(false);
        });
        return { accepted: true, answered };
      }

      setMessages((m) => [
        ...m,
        userMessage,
        { id: botId, type: "bot", text: THINKING, timestamp: now(), pending: true },
      ]);
      const answered = ask(text, onText).then(async (r) => {
        await startDelay(r.offline ? FLOATING_OFFLINE_DELAY_MS : FLOATING_SERVER_DELAY_MS);
        show(bot(r, botId));
      });
      return { accepted: true, answered };
    },
    [variant, ask],
  );

  return { messages, thinking, send };
}
