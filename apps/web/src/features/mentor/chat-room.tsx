import { MENTOR_MESSAGE_MAX } from "@koc/shared";
import { Send } from "lucide-react";
import { useId, useState } from "react";
import { ChatLog } from "./chat-log";
import { useMentorChat } from "./use-mentor-chat";
import "./mentor-page.css";

export const PAGE_GREETING =
  "Welcome to my training hall, warrior. I am Kattappa. Ask me about Java, Python, JavaScript, React, debugging or algorithms.";

/** The chat window used by /kattappa and /kattappa-test. */
export function ChatRoom({ quickQuestions }: { quickQuestions: readonly string[] }) {
  const { messages, thinking, send } = useMentorChat({ greeting: PAGE_GREETING, variant: "page" });
  const [input, setInput] = useState("");
  const inputId = useId();

  const submit = () => {
    if (send(input).accepted) setInput("");
  };

  return (
    <div className="chat-room card">
      <ChatLog messages={messages} thinking={thinking} variant="page" />
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
          maxLength={MENTOR_MESSAGE_MAX}
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
