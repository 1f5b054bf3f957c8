import { MessageCircle, Send, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { api } from "../../lib/api-client";
import { offlineAnswer } from "./offline-answers";
import "./floating-mentor.css";

interface ChatMessage {
  id: number;
  type: "bot" | "user";
  content: string;
  timestamp: string;
  pending?: boolean;
}

const GREETING = "Greetings, warrior! I am Kattappa, your coding mentor. Ask me anything about code.";
const SERVER_DELAY_MS = 500;
const OFFLINE_DELAY_MS = 1000;
const SERVER_ISSUE = "Sorry, I encountered an issue. Please try again!";

const now = () => new Date().toISOString();
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function ask(message: string): Promise<{ text: string; delay: number }> {
  try {
    const res = await api<never>("/ai/chat", { method: "POST", body: { message } });
    const body = res as unknown as { success?: boolean; response?: string };
    if (body?.success && typeof body.response === "string") return { text: body.response, delay: SERVER_DELAY_MS };
    return { text: SERVER_ISSUE, delay: SERVER_DELAY_MS };
  } catch {
    return { text: offlineAnswer(message), delay: OFFLINE_DELAY_MS };
  }
}

/** The floating assistant on every page: a toggle button and a panel with Kattappa. */
export function FloatingMentor() {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState("");
  const [messages, setMessages] = useState<ChatMessage[]>([
    { id: 0, type: "bot", content: GREETING, timestamp: now() },
  ]);
  const nextId = useRef(1);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the newest message whenever the list changes
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages]);

  // Like the modals, the open panel keeps Tab inside it; Escape or Close leaves.
  const trapTab = (e: KeyboardEvent<HTMLElement>) => {
    const items = Array.from(
      e.currentTarget.querySelectorAll<HTMLElement>(
        "button:not([disabled]), textarea, [tabindex]:not([tabindex='-1'])",
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

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const text = input.trim();
    if (!text) return;
    const userId = nextId.current++;
    const pendingId = nextId.current++;
    setMessages((m) => [
      ...m,
      { id: userId, type: "user", content: text, timestamp: now() },
      { id: pendingId, type: "bot", content: "Kattappa is thinking...", timestamp: now(), pending: true },
    ]);
    const answer = await ask(text);
    await wait(answer.delay);
    setMessages((m) =>
      m.map((msg) =>
        msg.id === pendingId ? { id: pendingId, type: "bot", content: answer.text, timestamp: now() } : msg,
      ),
    );
    setInput("");
  };

  return (
    <div className="floating-mentor">
      {open && (
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
          <div ref={list} className="mentor-messages" role="log" aria-live="polite">
            {messages.map((m) => (
              <p key={m.id} className={`mentor-msg mentor-msg-${m.type}${m.pending ? " pending" : ""}`}>
                {m.content}
              </p>
            ))}
          </div>
          <form className="mentor-form" onSubmit={send}>
            <label htmlFor={`${panelId}-input`} className="visually-hidden">
              Your question for Kattappa
            </label>
            <textarea
              id={`${panelId}-input`}
              ref={inputRef}
              className="input mentor-input"
              rows={2}
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
      )}
      <button
        ref={toggle}
        type="button"
        className="mentor-toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? "Close the coding mentor" : "Open the coding mentor"}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {open ? <X aria-hidden="true" /> : <MessageCircle aria-hidden="true" />}
      </button>
    </div>
  );
}
