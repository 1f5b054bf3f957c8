import type { ExerciseDetail, ExerciseSummary, SubmissionResult } from "@koc/shared";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Shield } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { QueryError } from "../../../components/query-state";
import { TutorialRenderer } from "../../../components/tutorial-renderer";
import { ApiError } from "../../../lib/api-client";
import { useEditorDraft } from "../../../lib/drafts";
import { useShareWithMentor } from "../../../lib/mentor-context";
import { keepReceipt } from "../../../lib/progress-sync";
import { useSession } from "../../../lib/session";
import { exerciseQuery } from "../api/get-exercise";
import { useRunTrial } from "../api/run-trial";
import { useQueuedVerdicts, useSubmitExercise } from "../api/submit-exercise";
import { helpQuery, useTakeHint } from "../api/trial-help";
import { filesToDraft, projectFromDraft, starterDraft, submissionFiles } from "../lib/project-draft";
import { HtmlTrialPreview } from "./html-preview";
import { TrialAttempts } from "./trial-attempts";
import { TrialHelpLadder } from "./trial-help-ladder";
import { TrialResults } from "./trial-results";
import { CustomInput, TrialRunOutput } from "./trial-run";
import { TrialSamples } from "./trial-samples";
import { TrialSolution } from "./trial-solution";

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
        {summary.passed && summary.solvedWithHelp ? (
          <span className="badge badge-steel">
            <CheckCircle2 aria-hidden="true" size={14} /> Solved with help
          </span>
        ) : summary.passed ? (
          <span className="badge badge-gold">
            <CheckCircle2 aria-hidden="true" size={14} /> Conquered
          </span>
        ) : null}
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

/** How long "Undo" stays offered after the editor's code was replaced (reset, restore). */
const UNDO_MS = 10_000;

function TrialBody({ exercise, signedIn, onPassed }: TrialBodyProps) {
  const { user } = useSession();
  const who = user && signedIn ? user.email : "visitor";
  // The draft lives in this browser, and for a learner on the server too (it follows them).
  // A project trial's draft holds all its editable files as JSON (lib/project-draft.ts).
  const starter = starterDraft(exercise);
  const draft = useEditorDraft(`trial:${exercise._id}`, exercise.language, starter, user ? user.email : null);
  const [code, setCodeState] = useState(draft.seed.text);
  // The trial in hand is the one the learner works on: a lesson may show several, beside the course's editor.
  const [engaged, setEngaged] = useState(false);
  const setCode = useCallback(
    (value: string) => {
      draft.change(value);
      setCodeState(value);
      setEngaged(true);
    },
    [draft.change],
  );
  const submit = useSubmitExercise(exercise, who);
  // The server's verdict on a submission that waited offline, once the connection returned.
  const [queuedVerdict, setQueuedVerdict] = useState<SubmissionResult | null>(null);
  const verdict = queuedVerdict ?? (submit.data && !submit.data.queued ? submit.data.result : undefined);
  const waiting = !queuedVerdict && submit.data?.queued ? submit.data.waiting : null;
  const run = useRunTrial(exercise._id);
  const help = useQuery(helpQuery(exercise._id, who));
  const takeHint = useTakeHint(exercise._id, who);
  const [useOwnInput, setUseOwnInput] = useState(false);
  const [input, setInput] = useState("");
  const [undo, setUndo] = useState<{ code: string; message: string } | null>(null);
  const ids = useId();
  const project = exercise.files ? projectFromDraft(exercise.files, code) : null;
  const seedProject = exercise.files ? projectFromDraft(exercise.files, draft.seed.text) : undefined;
  // What Run and Submit send: the code, and for a project every editable file (`code` its Main.java).
  const request = (text: string) =>
    exercise.files ? submissionFiles(projectFromDraft(exercise.files, text)) : { code: text };
  const shown = project
    ? submissionFiles(project)
        .files.map((f) => `// ${f.path}\n${f.code}`)
        .join("\n\n")
    : code;
  const judged = { id: exercise._id, language: exercise.language, code: shown };
  const html = exercise.language === "html";
  const changeFile = (path: string, text: string) => {
    const files = projectFromDraft(exercise.files ?? [], draft.latest.current).filter((f) => !f.readOnly);
    setCode(filesToDraft(files.map((f) => (f.path === path ? { ...f, code: text } : f))));
  };
  // Kattappa's chat knows the trial in hand once the learner works on it (its hints stop short of the
  // solution until the ladder unlocks it); until then the page's editor is what the chat is about.
  useShareWithMentor(
    engaged
      ? {
          trialId: exercise._id,
          code: shown,
          language: exercise.language,
          lastError:
            verdict?.compileError ?? run.data?.compileError ?? (run.data?.exitCode ? run.data.stderr : undefined),
        }
      : {},
  );

  useReopenFromStarter(exercise, (starterText) =>
    replace(starterText, "Review: the trial starts again from its starter code."),
  );

  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [undo]);

  // The editor owns its document: React seeds it, and a replacement (reset, restore, a newer draft
  // from another device) re-seeds it through a new key.
  const replace = (text: string, message: string) => {
    setUndo({ code: draft.latest.current, message });
    draft.replace(text);
    setCodeState(text);
  };

  /** After the server's verdict, given at once or to a submission that waited offline. */
  const afterVerdict = (result: SubmissionResult) => {
    // The first hint comes by itself after a failed submission.
    if (!result.passed && result.help?.hints.length === 0 && result.help.nextHint === "available") {
      takeHint.mutate();
    }
    if (!result.passed) return;
    // A visitor's pass travels as a signed receipt until they register or sign in.
    if (result.receipt && !signedIn) keepReceipt(result.receipt);
    onPassed?.(result.firstPass === true);
  };
  useQueuedVerdicts(exercise._id, who, (result) => {
    setQueuedVerdict(result);
    afterVerdict(result);
  });

  const send = () => {
    setEngaged(true);
    if (submit.isPending) return;
    if (request(draft.latest.current).code.trim() === "") return;
    setQueuedVerdict(null);
    submit.mutate(
      { ...request(draft.latest.current), language: exercise.language },
      { onSuccess: (outcome) => !outcome.queued && afterVerdict(outcome.result) },
    );
  };

  const tryRun = () => {
    setEngaged(true);
    // An HTML page is previewed and checked as it is typed: there is nothing to run.
    if (html) return;
    if (run.isPending || request(draft.latest.current).code.trim() === "") return;
    run.mutate({ ...request(draft.latest.current), ...(useOwnInput ? { stdin: input } : {}) });
  };

  return (
    <div className="trial-body" id={`trial-${exercise._id}`}>
      <div className="trial-statement">
        <TutorialRenderer markdown={exercise.statement} headingOffset={3} />
      </div>

      <TrialSamples exercise={exercise} headingId={`${ids}-samples`} />

      {help.data ? (
        <TrialHelpLadder
          help={help.data}
          onAsk={() => takeHint.mutate()}
          asking={takeHint.isPending}
          error={takeHint.error}
        />
      ) : help.isPending ? (
        <p className="trial-note">Kattappa is reading the trial...</p>
      ) : help.isError ? (
        <QueryError
          message={`Kattappa's hints could not be reached: ${help.error.message}`}
          onRetry={help.refetch}
          retrying={help.isFetching}
        />
      ) : null}

      <Suspense fallback={<p className="code-editor-loading">Loading the code editor...</p>}>
        <TrialEditor
          key={draft.seed.n}
          language={exercise.language}
          code={draft.seed.text}
          onChange={setCode}
          onRun={tryRun}
          onSubmit={send}
          label={`${exercise.language} code for the trial ${exercise.title}`}
          files={seedProject}
          onFileChange={changeFile}
        />
      </Suspense>
      {html ? (
        <HtmlTrialPreview exercise={exercise} code={code} />
      ) : (
        <CustomInput
          useOwn={useOwnInput}
          onUseOwn={setUseOwnInput}
          input={input}
          onInput={setInput}
          sampleName={exercise.samples[0]?.name}
        />
      )}
      <div className="trial-actions">
        {!html && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={tryRun}
            disabled={run.isPending || request(code).code.trim() === ""}
          >
            {run.isPending ? "Running..." : "Run"}
          </button>
        )}
        <button
          type="button"
          className="btn"
          onClick={send}
          disabled={submit.isPending || request(code).code.trim() === ""}
        >
          {submit.isPending ? "Judging..." : "Submit"}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            replace(starter, "Your code was reset to the starter.");
            submit.reset();
            setQueuedVerdict(null);
            run.reset();
          }}
          disabled={submit.isPending}
        >
          Reset to starter
        </button>
      </div>
      <div className="trial-undo-region" aria-live="polite">
        {undo && (
          <p className="trial-undo">
            {undo.message}{" "}
            <button
              type="button"
              className="btn btn-outline btn-small"
              onClick={() => {
                draft.replace(undo.code);
                setCodeState(undo.code);
                setUndo(null);
              }}
            >
              Undo
            </button>
          </p>
        )}
      </div>

      {judged.language !== "html" && (
        <TrialRunOutput
          trial={{ ...judged, language: judged.language }}
          pending={run.isPending}
          result={run.data}
          error={run.error}
          onRetry={tryRun}
        />
      )}
      <TrialResults
        trial={judged}
        pending={submit.isPending}
        result={verdict}
        waiting={waiting}
        error={submit.error}
        signedIn={signedIn}
        onRetry={send}
      />
      {help.data && <TrialSolution exerciseId={exercise._id} who={who} help={help.data} code={shown} />}
      {user && signedIn && (
        <TrialAttempts
          exerciseId={exercise._id}
          email={user.email}
          onRestore={(restored, when, files) =>
            replace(
              exercise.files && files ? filesToDraft(files) : restored,
              `Your attempt of ${when} is back in the editor.`,
            )
          }
        />
      )}
    </div>
  );
}

/**
 * The review deck opens a due trial at `?trial={id}&from=starter`: the editor starts again from the
 * starter code (Undo brings the draft back), the address is cleaned so a reload keeps the learner's
 * work, and the trial comes into view once the lesson has scrolled to its own row.
 */
function useReopenFromStarter(exercise: ExerciseDetail, reset: (starter: string) => void) {
  const [search, setSearch] = useSearchParams();
  const { key } = useLocation();
  const state = useRef<"idle" | "reopened" | "shown">("idle");
  const asked = search.get("trial") === exercise._id && search.get("from") === "starter";

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the address asks for it
  useEffect(() => {
    if (!asked || state.current !== "idle") return;
    state.current = "reopened";
    reset(starterDraft(exercise));
    const next = new URLSearchParams(search);
    next.delete("trial");
    next.delete("from");
    setSearch(next, { replace: true });
  }, [asked]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the cleaned address is in place (a new key)
  useEffect(() => {
    if (state.current !== "reopened" || asked) return;
    state.current = "shown";
    let inner = 0;
    const outer = requestAnimationFrame(() => {
      inner = requestAnimationFrame(() =>
        document.getElementById(`trial-${exercise._id}`)?.scrollIntoView({ block: "start" }),
      );
    });
    return () => {
      cancelAnimationFrame(outer);
      cancelAnimationFrame(inner);
    };
  }, [key, asked]);
}
