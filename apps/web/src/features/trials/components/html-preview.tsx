import type { ExerciseDetail } from "@koc/shared";
import {
  CHECK_VIEWPORT_HEIGHT,
  checkWidths,
  DEFAULT_CHECK_WIDTH,
  HTML_CHECK_HARNESS,
  type HtmlCheckResult,
  mergeCheckResults,
} from "@koc/shared/html-checks";
import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";

/** Typing pauses this long before the page is checked again. */
const CHECK_DELAY_MS = 400;
/** The preview frame must say it is ready within this time, else the learner gets Retry. */
const LOAD_LIMIT_MS = 15_000;

type CheckState =
  | { status: "loading" }
  | { status: "checking" }
  | { status: "done"; results: HtmlCheckResult[] }
  | { status: "error"; message: string };

type RunnerMessage = { type: "ready" } | { type: "results"; id: number; results?: HtmlCheckResult[]; error?: string };

/**
 * An HTML trial's live preview and instant checks: the learner's page rendered in our sandboxed
 * runner frame (apps/web/public/sandbox/html-runner.js, opaque origin, no network) which runs the
 * trial's checks, the same harness the server runs before it records a pass (decision 0030).
 */
export function HtmlTrialPreview({ exercise, code }: { exercise: ExerciseDetail; code: string }) {
  const pageChecks = exercise.pageChecks;
  const frame = useRef<HTMLIFrameElement>(null);
  const sequence = useRef(0);
  const [ready, setReady] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<CheckState>({ status: "loading" });
  const headingId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a Retry (attempt) loads a fresh frame and listens again
  useEffect(() => {
    setReady(false);
    setState({ status: "loading" });
    const timer = window.setTimeout(
      () => setState({ status: "error", message: "The preview did not start." }),
      LOAD_LIMIT_MS,
    );
    const onMessage = (event: MessageEvent<RunnerMessage>) => {
      if (event.source !== frame.current?.contentWindow || !event.data || typeof event.data !== "object") return;
      const message = event.data;
      if (message.type === "ready") {
        window.clearTimeout(timer);
        setReady(true);
      } else if (message.type === "results" && message.id === sequence.current && pageChecks) {
        setState(
          message.error !== undefined
            ? { status: "error", message: `The checks could not run: ${message.error}` }
            : { status: "done", results: mergeCheckResults(pageChecks.checks, [message.results ?? []]) },
        );
      }
    };
    window.addEventListener("message", onMessage);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("message", onMessage);
    };
  }, [attempt, pageChecks]);

  useEffect(() => {
    if (!ready || !pageChecks) return;
    setState((s) => (s.status === "done" ? s : { status: "checking" }));
    const timer = window.setTimeout(() => {
      sequence.current += 1;
      frame.current?.contentWindow?.postMessage(
        {
          type: "check",
          id: sequence.current,
          html: code,
          code: pageChecks.code,
          widths: checkWidths(pageChecks.checks),
          height: CHECK_VIEWPORT_HEIGHT,
          defaultWidth: DEFAULT_CHECK_WIDTH,
          harness: HTML_CHECK_HARNESS,
        },
        "*",
      );
    }, CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready, code, pageChecks]);

  if (!pageChecks) return null;
  const passed = state.status === "done" ? state.results.filter((r) => r.passed).length : 0;
  return (
    <div className="html-trial">
      <iframe
        key={attempt}
        ref={frame}
        className="html-trial-preview"
        src="/sandbox/html-runner.html"
        sandbox="allow-scripts"
        title="Live preview of your page"
        data-testid="html-preview"
      />
      <section className="trial-tests" aria-labelledby={headingId} data-testid="html-checks">
        <h5 id={headingId}>Checks in your browser</h5>
        <p className="trial-note">
          They run as you type. Submit has the server render your page and check it again: only its verdict counts.
        </p>
        {state.status === "loading" ? (
          <p className="trial-note" role="status">
            Preparing the preview...
          </p>
        ) : state.status === "error" ? (
          <div className="trial-note" role="alert">
            {state.message}{" "}
            <button type="button" className="btn btn-outline btn-small" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </button>
          </div>
        ) : state.status === "checking" ? (
          <p className="trial-note" role="status">
            Checking your page...
          </p>
        ) : (
          <>
            <p className="trial-note" role="status" data-testid="html-checks-summary">
              {passed} of {state.results.length} checks pass.
            </p>
            <ul className="trial-cases" aria-label="Checks of your page">
              {state.results.map((r) => (
                <li key={r.name} className={r.passed ? "case-passed" : "case-failed"} data-testid="html-check">
                  <span className="case-line">
                    {r.passed ? (
                      <CheckCircle2 aria-hidden="true" size={18} />
                    ) : (
                      <XCircle aria-hidden="true" size={18} />
                    )}
                    <span className="case-name">{r.name}</span>
                    <span className="case-status">{r.passed ? "passes" : "fails"}</span>
                  </span>
                  {!r.passed && r.message && <p className="test-message">{r.message}</p>}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
