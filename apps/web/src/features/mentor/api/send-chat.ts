import { type MentorChatRequest, type MentorChatResponse, mentorStreamEvent } from "@koc/shared";
import { useMutation } from "@tanstack/react-query";
import { createParser } from "eventsource-parser";
import { ApiError, apiStream } from "../../../lib/api-client";
import { helpHeaders } from "../../../lib/trial-help-tokens";

/** The answer so far, each time a piece of it arrives (empty again after a restart). */
export type OnText = (textSoFar: string) => void;

/**
 * POST /api/ai/chat/stream: reads the Server-Sent Events as they arrive, each parsed with the shared
 * contract; `delta` pieces are handed to `onText`, `restart` drops them, `done` is the whole answer.
 * A stream that ends without `done` is an error.
 */
export async function streamChat(body: MentorChatRequest, onText: OnText, signal?: AbortSignal) {
  // On a trial, a visitor's signed ladder state tells the server what the learner has unlocked.
  const trialId = body.context?.trialId;
  const headers = trialId ? helpHeaders(trialId) : {};
  const reader = (await apiStream("/ai/chat/stream", { body, headers, ...(signal ? { signal } : {}) })).getReader();
  let text = "";
  let answer: MentorChatResponse | undefined;
  let bad: unknown;
  const parser = createParser({
    onEvent(message) {
      if (answer || bad) return;
      try {
        const event = mentorStreamEvent.parse(JSON.parse(message.data));
        if (event.type === "done") {
          answer = event.answer;
          return;
        }
        text = event.type === "delta" ? text + event.text : "";
        onText(text);
      } catch (err) {
        bad = err;
      }
    },
  });
  for (;;) {
    const { value, done } = await reader.read();
    if (value) parser.feed(value);
    if (bad) {
      await reader.cancel();
      throw bad;
    }
    if (answer) {
      await reader.cancel();
      return answer;
    }
    if (done) throw new Error("The answer stopped before it was complete.");
  }
}

/** A server failure (5xx) is tried once more; a refusal (4xx) and a network failure are answers. */
const worthRetrying = (failures: number, err: unknown) => err instanceof ApiError && err.status >= 500 && failures < 1;

/** Kattappa's question as a TanStack mutation: pending, error and the retry come from TanStack Query. */
export function useSendChat() {
  return useMutation<MentorChatResponse, Error, { body: MentorChatRequest; onText: OnText }>({
    mutationFn: ({ body, onText }) => streamChat(body, onText),
    retry: worthRetrying,
  });
}
