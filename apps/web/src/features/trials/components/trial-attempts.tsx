import type { AttemptSummary, TrialFile } from "@koc/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, History, XCircle } from "lucide-react";
import { useState } from "react";
import { QueryError } from "../../../components/query-state";
import { attemptQuery, attemptsQuery } from "../api/attempts";

interface TrialAttemptsProps {
  exerciseId: string;
  email: string;
  /** Puts an earlier attempt's code into the editor. */
  onRestore: (code: string, when: string, files?: TrialFile[]) => void;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "My attempts": every submission the learner made, newest first; any one can go back into the editor. */
export function TrialAttempts({ exerciseId, email, onRestore }: TrialAttemptsProps) {
  const [open, setOpen] = useState(false);
  const attempts = useQuery({ ...attemptsQuery(exerciseId, email), enabled: open });
  return (
    <details className="trial-attempts" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <History aria-hidden="true" size={16} /> My attempts
      </summary>
      {!open ? null : attempts.isPending ? (
        <p className="trial-state" role="status">
          Unrolling the chronicle of your attempts...
        </p>
      ) : attempts.isError ? (
        <QueryError
          message={`Your attempts could not be loaded: ${attempts.error.message}`}
          onRetry={attempts.refetch}
          retrying={attempts.isFetching}
        />
      ) : attempts.data.length === 0 ? (
        <p className="trial-note">No attempts yet. Your first submission will be kept here.</p>
      ) : (
        <ol className="trial-attempt-list" aria-label="My attempts">
          {attempts.data.map((a) => (
            <AttemptRow key={a._id} attempt={a} onRestore={onRestore} />
          ))}
        </ol>
      )}
    </details>
  );
}

function AttemptRow({ attempt, onRestore }: { attempt: AttemptSummary; onRestore: TrialAttemptsProps["onRestore"] }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<"idle" | "loading" | Error>("idle");
  const restore = async () => {
    setState("loading");
    try {
      const detail = await queryClient.fetchQuery(attemptQuery(attempt._id));
      setState("idle");
      onRestore(detail.code, when(attempt.createdAt), detail.files);
    } catch (error) {
      setState(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const label = when(attempt.createdAt);
  return (
    <li className={attempt.passed ? "case-passed" : "case-failed"}>
      <span className="case-line">
        {attempt.passed ? <CheckCircle2 aria-hidden="true" size={18} /> : <XCircle aria-hidden="true" size={18} />}
        <span className="case-name">{label}</span>
        <span className="case-status">
          {attempt.passed
            ? "passed"
            : attempt.compileError
              ? "did not compile"
              : `${attempt.passedChecks} of ${attempt.totalChecks} passed`}
        </span>
        <button
          type="button"
          className="btn btn-outline btn-small"
          onClick={() => void restore()}
          disabled={state === "loading"}
          aria-label={`Restore the attempt of ${label}`}
        >
          {state === "loading" ? "Restoring..." : "Restore"}
        </button>
      </span>
      {state instanceof Error && (
        <p className="form-message error" role="alert">
          That attempt could not be restored: {state.message}
        </p>
      )}
    </li>
  );
}
