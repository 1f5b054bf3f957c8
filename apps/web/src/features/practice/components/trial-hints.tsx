import { Lightbulb } from "lucide-react";
import { useEffect, useRef, useState } from "react";

/** Hints revealed one at a time; the newest gets focus so a screen reader reads it. */
export function TrialHints({ hints }: { hints: string[] }) {
  const [shown, setShown] = useState(0);
  const newest = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (shown > 0) newest.current?.focus();
  }, [shown]);
  if (hints.length === 0) return null;
  return (
    <div className="trial-hints">
      {shown > 0 && (
        <ol aria-label="Hints">
          {hints.slice(0, shown).map((hint, i) => (
            <li key={hint} ref={i === shown - 1 ? newest : undefined} tabIndex={-1}>
              <Lightbulb aria-hidden="true" size={16} /> {hint}
            </li>
          ))}
        </ol>
      )}
      {shown < hints.length ? (
        <button type="button" className="btn btn-outline btn-small" onClick={() => setShown((n) => n + 1)}>
          Ask Kattappa for a hint ({shown + 1} of {hints.length})
        </button>
      ) : (
        <p className="trial-note">Kattappa has shared every hint he has. The rest is your blade.</p>
      )}
    </div>
  );
}
