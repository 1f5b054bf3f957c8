import type { TrialHelp } from "@koc/shared";
import { Lightbulb } from "lucide-react";
import { useEffect, useRef } from "react";

interface TrialHelpLadderProps {
  help: TrialHelp;
  onAsk: () => void;
  asking: boolean;
  error: Error | null;
}

/**
 * Hints one at a time, as the server unlocks them: the first on request (or after a failed
 * submission), each next one after another attempt. The newest gets focus so a screen reader reads it.
 */
export function TrialHelpLadder({ help, onAsk, asking, error }: TrialHelpLadderProps) {
  const newest = useRef<HTMLLIElement>(null);
  const shown = help.hints.length;
  const seen = useRef(shown);
  useEffect(() => {
    if (shown > seen.current) newest.current?.focus();
    seen.current = shown;
  }, [shown]);
  if (help.hintCount === 0) return null;
  const remaining = help.hintCount - shown;
  return (
    <div className="trial-hints">
      {shown > 0 && (
        <ol aria-label="Hints">
          {help.hints.map((hint, i) => (
            <li key={hint} ref={i === shown - 1 ? newest : undefined} tabIndex={-1}>
              <Lightbulb aria-hidden="true" size={16} /> {hint}
            </li>
          ))}
        </ol>
      )}
      {help.nextHint === "available" ? (
        <button type="button" className="btn btn-outline btn-small" onClick={onAsk} disabled={asking}>
          Ask Kattappa for a hint ({shown + 1} of {help.hintCount})
        </button>
      ) : help.nextHint === "after-attempt" ? (
        <p className="trial-note">Kattappa's next hint comes after your next attempt: try your idea, then ask again.</p>
      ) : (
        <p className="trial-note">Kattappa has shared every hint he has. The rest is your blade.</p>
      )}
      <p className="trial-note" data-testid="hints-remaining">
        {remaining === 0
          ? "No hints remain."
          : `${remaining} of ${help.hintCount} ${help.hintCount === 1 ? "hint remains" : "hints remain"}.`}
      </p>
      {error && (
        <p className="form-message error" role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}
