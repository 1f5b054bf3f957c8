import { createParser } from "eventsource-parser";
import { z } from "zod";
import type { ChatMessage, MentorModel } from "./types.js";

export interface OpenAiCompatibleOptions {
  /** Base URL that /chat/completions is appended to: https://api.openai.com/v1, http://localhost:11434/v1 */
  url: string;
  model: string;
  key?: string | undefined;
  /** Whole-request limit, streaming included. */
  timeoutMs?: number;
  maxTokens?: number;
}

const completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});
const chunk = z.object({
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).optional() })),
});

export class ModelError extends Error {}

/** Plain fetch to POST {url}/chat/completions, with an AbortSignal time-out. */
export function createOpenAiCompatibleModel(options: OpenAiCompatibleOptions): MentorModel {
  const endpoint = `${options.url.replace(/\/+$/, "")}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? 20_000;

  const post = async (messages: ChatMessage[], stream: boolean) => {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    const signal = AbortSignal.timeout(timeoutMs);
    const res = await fetch(endpoint, {
      method: "POST",
      headers,
      signal,
      body: JSON.stringify({
        model: options.model,
        messages,
        temperature: 0.3,
        max_tokens: options.maxTokens ?? 500,
        stream,
      }),
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new ModelError(`model answered ${res.status}`);
    }
    return res;
  };

  return {
    model: options.model,
    async complete(messages) {
      const res = await post(messages, false);
      const parsed = completion.safeParse(await res.json());
      const text = parsed.success ? parsed.data.choices[0]?.message.content?.trim() : undefined;
      if (!text) throw new ModelError("model answer had no text");
      return text;
    },
    async stream(messages, onDelta) {
      const res = await post(messages, true);
      if (!res.body) throw new ModelError("model answer had no body");
      let whole = "";
      let done = false;
      let malformed = false;
      // eventsource-parser joins multi-line data, skips comments and keep-alives, and handles split chunks.
      const parser = createParser({
        onEvent(event) {
          if (done || malformed) return;
          if (event.data === "[DONE]") {
            done = true;
            return;
          }
          let json: unknown;
          try {
            json = JSON.parse(event.data);
          } catch {
            malformed = true;
            return;
          }
          const parsed = chunk.safeParse(json);
          const piece = parsed.success ? parsed.data.choices[0]?.delta?.content : undefined;
          if (piece) {
            whole += piece;
            onDelta(piece);
          }
        },
      });
      const decoder = new TextDecoder();
      for await (const bytes of res.body) {
        parser.feed(decoder.decode(bytes, { stream: true }));
        if (malformed) throw new ModelError("model stream sent a malformed event");
        if (done) break;
      }
      parser.feed(decoder.decode());
      // A last event without its blank line still counts.
      parser.feed("\n\n");
      if (malformed) throw new ModelError("model stream sent a malformed event");
      if (!done) throw new ModelError("model stream ended before [DONE]");
      if (!whole.trim()) throw new ModelError("model answer had no text");
      return whole;
    },
  };
}
