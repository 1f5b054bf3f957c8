import type { ExerciseDetail, ExerciseSummary } from "@koc/shared";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Shield } from "lucide-react";
import { lazy, Suspense, useCallback, useId, useRef, useState } from "react";
import { QueryError } from "../../../components/query-state";
import { TutorialRenderer } from "../../../components/tutorial-renderer";
import { ApiError } from "../../../lib/api-client";
import { keepReceipt } from "../../../lib/progress-sync";
import { exerciseQuery } from "../api/get-exercise";
import { useSubmitExercise } from "../api/submit-exercise";
import { TrialHints } from "./trial-hints";
import { TrialResults } from "./trial-results";

/** CodeMirror loads only when a trial is actually on screen. */
const TrialEditor = lazy(() => import("./trial-editor"));

export const DIFFICULTY_NAMES = { 1: "Warm-up", 2: "Practice", 3: "Challenge" } as const;
const difficultyName = (d: number) => DIFFICULTY_NAMES[d as 1 | 2 | 3] ?? "Trial";

interface TrialPanelProps {
  summary: ExerciseSummary;
  /** Shown when a topic has several trials. */
  number?: number | undefined;
  signedIn: boolean;
  onPassed?: ((firstPass: boolean) => void) | undefined;
}

/** One trial: its header, then the task and editor once the detail has loaded. */
export function TrialPanel({ summary, number, signedIn, onPassed }: TrialPanelProps) {
  const detail = useQuery(exerciseQuery(summary._id));
  const titleId = useId();
  return (
    <section className="trial" aria-labelledby={titleId} data-testid="trial">
      <header className="trial-header">
        <Shield aria-hidden="true" size={22} className="trial-icon" />
        <h4 id={titleId}>
          Trial{number ? ` ${number}` : ""}: {summary.title}
        </h4>
        <span className="badge badge-steel">{difficultyName(summary.difficulty)}</span>
        {summary.passed && (
          <span className="badge badge-gold">
            <CheckCircle2 aria-hidden="true" size={14} /> Conquered
          </span>
        )}
      </header>
      {detail.isPending ? (
        <p className="trial-state" role="status">
          Unrolling the trial's scroll...
        </p>
      ) : detail.isError ? (
        detail.error instanceof ApiError && detail.error.status === 404 ? (
          <p className="trial-state">This trial no longer exists.</p>
        ) : (
          <QueryError
            message={`The trial could not be loaded: ${detail.error.message}`}
            onRetry={detail.refetch}
            retrying={detail.isFetching}
          />
        )
      ) : (
        <TrialBody exercise={detail.data} signedIn={signedIn} onPassed={onPassed} />
      )}
    </section>
  );
}

interface TrialBodyProps {
  exercise: ExerciseDetail;
  signedIn: boolean;
  onPassed?: ((firstPass: boolean) => void) | undefined;
}

/** The learner's draft survives closing the lesson (this tab only: sessionStorage). */
const draftKey = (id: string) => `trialDraft_${id}`;
function readDraft(id: string): string | null {
  try {
    return sessionStorage.getItem(draftKey(id));
  } catch {
    return null;
  }
}
function writeDraft(id: string, code: string | null) {
  try {
    if (code === null) sessionStorage.removeItem(draftKey(id));
    else sessionStorage.setItem(draftKey(id), code);
  } catch {
    // storage unavailable: the draft lives while the panel is open
  }
}

function TrialBody({ exercise, signedIn, onPassed }: TrialBodyProps) {
  const [code, setCodeState] = useState(() => readDraft(exercise._id) ?? exercise.starter);
  // The editor owns its document; React only seeds it (and Reset re-seeds it through a new key).
  // Feeding every keystroke back as a prop would let a slow render push a stale text over fresh typing.
  const [seed, setSeed] = useState(() => ({ text: code, n: 0 }));
  // Ctrl+Enter submits what the editor holds now, even before React re-renders.
  const latest = useRef(code);
  const setCode = useCallback(
    (value: string) => {
      latest.current = value;
      setCodeState(value);
      writeDraft(exercise._id, value === exercise.starter ? null : value);
    },
    [exercise._id, exercise.starter],
  );
  const submit = useSubmitExercise(exercise._id);
  const ids = useId();

  const send = () => {
    if (submit.isPending) return;
    if (latest.current.trim() === "") return;
    submit.mutate(
      { code: latest.current, language: exercise.language },
      {
        onSuccess: (result) => {
          if (!result.passed) return;
          // A visitor's pass travels as a signed receipt until they register or sign in.
          if (result.receipt && !signedIn) keepReceipt(result.receipt);
          onPassed?.(result.firstPass === true);
        },
      },
    );
  };

  return (
    <div className="trial-body">
      <div className="trial-statement">
        <TutorialRenderer markdown={exercise.statement} headingOffset={3} />
      </div>

      {exercise.samples.length > 0 && (
        <section className="trial-samples" aria-labelledby={`${ids}-samples`}>
          <h5 id={`${ids}-samples`}>Sample {exercise.samples.length > 1 ? "cases" : "case"}</h5>
          {exercise.samples.map((s) => (
            <div key={s.name} className="trial-sample">
              <p className="trial-sample-name">{s.name}</p>
              <div className="trial-io">
                <div>
                  <span>Input</span>
                  <pre>{s.stdin === "" ? "(no input)" : s.stdin}</pre>
                </div>
                <div>
                  <span>Expected output</span>
                  <pre>{s.stdout}</pre>
                </div>
              </div>
            </div>
          ))}
          {exercise.hiddenCases > 0 && (
            <p className="trial-note">
              Your program also faces {exercise.hiddenCases} hidden {exercise.hiddenCases === 1 ? "case" : "cases"}.
            </p>
          )}
        </section>
      )}

      <TrialHints hints={exercise.hints} />

      <Suspense fallback={<p className="code-editor-loading">Loading the code editor...</p>}>
        <TrialEditor
          key={seed.n}
          language={exercise.language}
          code={seed.text}
          onChange={setCode}
          onSubmit={send}
          label={`${exercise.language} code for the trial ${exercise.title}`}
        />
      </Suspense>
      <div className="trial-actions">
        <button type="button" className="btn" onClick={send} disabled={submit.isPending || code.trim() === ""}>
          {submit.isPending ? "Judging..." : "Submit"}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            setCode(exercise.starter);
            setSeed((s) => ({ text: exercise.starter, n: s.n + 1 }));
            submit.reset();
          }}
          disabled={submit.isPending}
        >
          Reset to starter
        </button>
      </div>

      <TrialResults
        pending={submit.isPending}
        result={submit.data}
        error={submit.error}
        signedIn={signedIn}
        onRetry={send}
      />
    </div>
  );
}
