import { ScrollText } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { TutorialRenderer } from "../../components/tutorial-renderer";
import { useHydrated } from "../../lib/hydration";
import { paths } from "../../lib/paths";
import { type ChatMessage, THINKING } from "./use-mentor-chat";
import "./chat-log.css";

function Bubble({ m }: { m: ChatMessage }) {
  // The time is the reader's own clock: none in the prerendered page, filled in once hydrated.
  const hydrated = useHydrated();
  return (
    <li className={`chat-bubble chat-${m.type}${m.pending ? " chat-thinking" : ""}`}>
      <span className="visually-hidden">{m.type === "bot" ? "Kattappa: " : "You: "}</span>
      {m.type === "bot" && m.plain ? (
        // The greeting is the app's own sentence: the prerendered page shows it without fetching the
        // Markdown grammar, which only an answer needs.
        <div className="tutorial">
          <p>{m.text}</p>
        </div>
      ) : m.type === "bot" && !m.pending ? (
        // Markdown rendered as React elements: answers can hold code blocks, never HTML.
        <TutorialRenderer markdown={m.text} headingOffset={3} />
      ) : (
        <span className="chat-text">{m.text}</span>
      )}
      {m.sources && (
        <ul className="chat-sources" aria-label="Lessons to read">
          {m.sources.map((s) => (
            <li key={s.materialId}>
              <ScrollText aria-hidden="true" size={14} />
              <Link to={paths.lesson(s.courseId, s.materialId)}>{s.title}</Link>
              <span className="chat-source-section"> · {s.section}</span>
            </li>
          ))}
        </ul>
      )}
      {hydrated ? (
        <time dateTime={m.timestamp}>
          {new Date(m.timestamp).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}
        </time>
      ) : (
        <time />
      )}
    </li>
  );
}

/** Kattappa's conversation, the same on /kattappa, /kattappa-test and in the floating assistant. */
export function ChatLog({
  messages,
  thinking = false,
  variant,
}: {
  messages: ChatMessage[];
  thinking?: boolean;
  variant: "page" | "panel";
}) {
  const list = useRef<HTMLOListElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keep the newest message in view whenever the list or indicator changes
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages, thinking]);

  return (
    <ol
      ref={list}
      className={`chat-log chat-log-${variant}`}
      aria-label="Conversation with Kattappa"
      aria-live="polite"
    >
      {messages.map((m) => (
        <Bubble key={m.id} m={m} />
      ))}
      {thinking && (
        <li className="chat-bubble chat-bot chat-thinking" role="status">
          {THINKING}
        </li>
      )}
    </ol>
  );
}
