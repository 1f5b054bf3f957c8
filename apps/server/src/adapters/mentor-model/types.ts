export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/**
 * A chat model Kattappa can ask: any OpenAI-compatible /chat/completions endpoint.
 * Both calls throw on a network error, a non-2xx answer, a malformed answer or the time-out.
 */
export interface MentorModel {
  readonly model: string;
  complete(messages: ChatMessage[]): Promise<string>;
  /** Streams the answer; `onDelta` receives each piece in order; resolves with the whole text. */
  stream(messages: ChatMessage[], onDelta: (text: string) => void): Promise<string>;
}
