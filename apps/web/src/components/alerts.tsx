import { X } from "lucide-react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import "./alerts.css";

type Tone = "success" | "error" | "info";
interface AlertItem {
  id: number;
  text: string;
  tone: Tone;
}

interface Alerts {
  /** Shows the text in an accessible, dismissible in-app alert (never window.alert). */
  notify: (text: string, tone?: Tone) => void;
}

const AlertContext = createContext<Alerts | null>(null);
const AUTO_DISMISS_MS = 6000;

export function AlertProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<AlertItem[]>([]);
  const next = useRef(1);
  // Auto-dismiss timers end with the provider: none may fire into an unmounted tree.
  const timers = useRef(new Set<number>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) window.clearTimeout(timer);
      pending.clear();
    };
  }, []);
  const dismiss = useCallback((id: number) => setItems((all) => all.filter((a) => a.id !== id)), []);
  const notify = useCallback(
    (text: string, tone: Tone = "info") => {
      const id = next.current++;
      setItems((all) => [...all.slice(-3), { id, text, tone }]);
      const timer = window.setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, AUTO_DISMISS_MS);
      timers.current.add(timer);
    },
    [dismiss],
  );
  const value = useMemo(() => ({ notify }), [notify]);
  return (
    <AlertContext.Provider value={value}>
      {children}
      <div className="alert-stack">
        {items.map((a) => (
          <div key={a.id} role="alert" className={`alert alert-${a.tone}`}>
            <span>{a.text}</span>
            <button type="button" className="alert-close" aria-label="Dismiss message" onClick={() => dismiss(a.id)}>
              <X aria-hidden="true" size={18} />
            </button>
          </div>
        ))}
      </div>
    </AlertContext.Provider>
  );
}

export function useAlerts(): Alerts {
  const ctx = useContext(AlertContext);
  if (!ctx) throw new Error("useAlerts must be used inside AlertProvider");
  return ctx;
}
