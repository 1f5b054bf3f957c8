import { MENTOR_MESSAGE_MAX } from "@koc/shared";
import { Send, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { readMentorContext } from "../../lib/mentor-context";
import { ChatLog } from "./chat-log";
import { useMentorChat } from "./use-mentor-chat";

const GREETING = "Greetings, warrior! I am Kattappa, your coding mentor. Ask me anything about code.";

export interface MentorPanelProps {
  open: boolean;
  panelId: string;
  onClose: () => void;
}

/**
 * The floating assistant's panel with Kattappa. It loads (with the chat, the Markdown renderer and
 * the API contract) the first time the learner opens it, and then stays mounted while closed so the
 * conversation survives closing and reopening.
 */
export default function MentorPanel({ open, panelId, onClose: close }: MentorPanelProps) {
  const [input, setInput] = useState("");
  // On a course page the question carries the open lesson and the editor's code.
  const { messages, send: sendMessage } = useMentorChat({
    greeting: GREETING,
    variant: "floating",
    context: readMentorContext,
  });
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // Like the modals, the open panel keeps Tab inside it; Escape or Close leaves.
  const trapTab = (e: KeyboardEvent<HTMLElement>) => {
    const items = Array.from(
      e.currentTarget.querySelectorAll<HTMLElement>(
        "a[href], button:not([disabled]), textarea, [tabindex]:not([tabindex='-1'])",
      ),
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const { accepted, answered } = sendMessage(input);
    if (!accepted) return;
    await answered;
    setInput("");
  };

  if (!open) return null;
  return (
    <section
      id={panelId}
      className="mentor-panel"
      aria-label="Kattappa, your coding mentor"
      onKeyDown={(e) => {
        if (e.key === "Escape") close();
        else if (e.key === "Tab") trapTab(e);
      }}
    >
      <header className="mentor-panel-header">
        <h2>Kattappa · Coding Mentor</h2>
        <button type="button" className="mentor-icon-btn" aria-label="Close the mentor chat" onClick={close}>
          <X aria-hidden="true" size={20} />
        </button>
      </header>
      <ChatLog messages={messages} variant="panel" />
      <form className="mentor-form" onSubmit={send}>
        <label htmlFor={`${panelId}-input`} className="visually-hidden">
          Your question for Kattappa
        </label>
        <textarea
          id={`${panelId}-input`}
          ref={inputRef}
          className="input mentor-input"
          rows={2}
          maxLength={MENTOR_MESSAGE_MAX}
          value={input}
          placeholder="Ask about code..."
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <button type="submit" className="btn btn-small">
          <Send aria-hidden="true" size={16} /> Send
        </button>
      </form>
    </section>
  );
}
