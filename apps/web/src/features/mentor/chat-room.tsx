import { Send } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { type PageChatMessage, usePageChat } from "./use-page-chat";
import "./mentor-page.css";

function Bubble({ m }: { m: PageChatMessage }) {
  return (
    <li className={`chat-bubble chat-${m.type}`}>
      <span className="visually-hidden">{m.type === "bot" ? "Kattappa: " : "You: "}</span>
      {m.text}
      <time dateTime={m.timestamp}>
        {new Date(m.timestamp).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}
      </time>
    </li>
  );
}

/** The chat window used by /kattappa and /kattappa-test. */
export function ChatRoom({ quickQuestions }: { quickQuestions: readonly string[] }) {
  const { messages, thinking, send } = usePageChat();
  const [input, setInput] = useState("");
  const list = useRef<HTMLOListElement>(null);
  const inputId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: keep the newest message in view whenever the list or indicator changes
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight, behavior: "smooth" });
  }, [messages, thinking]);

  const submit = () => {
    if (send(input)) setInput("");
  };

  return (
    <div className="chat-room card">
      <ol ref={list} className="chat-log" aria-label="Conversation with Kattappa" aria-live="polite">
        {messages.map((m) => (
          <Bubble key={m.id} m={m} />
        ))}
        {thinking && (
          <li className="chat-bubble chat-bot chat-thinking" role="status">
            Kattappa is thinking...
          </li>
        )}
      </ol>
      <fieldset className="quick-questions">
        <legend className="visually-hidden">Quick questions</legend>
        {quickQuestions.map((q) => (
          <button
            key={q}
            type="button"
            className="btn btn-outline btn-small"
            disabled={thinking}
            onClick={() => send(q)}
          >
            {q}
          </button>
        ))}
      </fieldset>
      <form
        className="chat-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Your message to Kattappa
        </label>
        <textarea
          id={inputId}
          className="input chat-input"
          rows={2}
          value={input}
          placeholder="Ask Kattappa anything about code... (Enter sends, Shift+Enter for a new line)"
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <button type="submit" className="btn" disabled={thinking || input.trim() === ""}>
          <Send aria-hidden="true" size={18} /> Send
        </button>
      </form>
    </div>
  );
}
