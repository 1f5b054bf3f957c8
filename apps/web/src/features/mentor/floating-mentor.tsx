import { MessageCircle, X } from "lucide-react";
import { type ComponentType, lazy, type ReactNode, Suspense, useId, useRef, useState } from "react";
import "./floating-mentor.css";

/** The chat itself loads on first open: a first visit to any page ships only this button. */
const MentorPanel = lazy(() => import("./mentor-panel"));

/**
 * The floating assistant on every page: a toggle button and a panel with Kattappa. The chat sends
 * through the query cache, which the app shell gives with it (`cache`, loaded on first open too).
 */
export function FloatingMentor({ cache: Cache }: { cache: ComponentType<{ children: ReactNode }> }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div className="floating-mentor">
      {opened && (
        <Suspense fallback={null}>
          <Cache>
            <MentorPanel open={open} panelId={panelId} onClose={close} />
          </Cache>
        </Suspense>
      )}
      <button
        ref={toggle}
        type="button"
        className="mentor-toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? "Close the coding mentor" : "Open the coding mentor"}
        onClick={() => {
          if (open) return close();
          setOpened(true);
          setOpen(true);
        }}
      >
        {open ? <X aria-hidden="true" /> : <MessageCircle aria-hidden="true" />}
      </button>
    </div>
  );
}
