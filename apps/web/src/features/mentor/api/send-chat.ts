import { type MentorChatRequest, type MentorChatResponse, mentorStreamEvent } from "@koc/shared";
import { useMutation } from "@tanstack/react-query";
import { ApiError, apiStream } from "../../../lib/api-client";

/** The answer so far, each time a piece of it arrives (empty again after a restart). */
export type OnText = (textSoFar: string) => void;

/**
 * POST /api/ai/chat/stream: reads the Server-Sent Events as they arrive, each parsed with the shared
 * contract; `delta` pieces are handed to `onText`, `restart` drops them, `done` is the whole answer.
 * A stream that ends without `done` is an error.
 */
export async function streamChat(body: MentorChatRequest, onText: OnText, signal?: AbortSignal) {
  const reader = (await apiStream("/ai/chat/stream", { body, ...(signal ? { signal } : {}) })).getReader();
  let buffer = "";
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffer += value ?? "";
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const data = buffer
        .slice(0, end)
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n");
      buffer = buffer.slice(end + 2);
      if (!data) continue;
      const event = mentorStreamEvent.parse(JSON.parse(data));
      if (event.type === "done") {
        await reader.cancel();
        return event.answer;
      }
      text = event.type === "delta" ? text + event.text : "";
      onText(text);
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
