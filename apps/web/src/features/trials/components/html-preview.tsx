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
/** The checks must answer within this time, else the learner gets Retry. */
const LOAD_LIMIT_MS = 15_000;

type CheckState =
  | { status: "loading" }
  | { status: "checking" }
  | { status: "done"; results: HtmlCheckResult[] }
  | { status: "error"; message: string };

type RunnerMessage = { type: "ready" } | { type: "results"; id: number; results?: HtmlCheckResult[]; error?: string };

/**
 * Loads a fresh runner frame (apps/web/public/sandbox/html-runner.js: opaque origin, its own policy,
 * no network, none of the page's scripts) and hands it one request once it says it is ready.
 */
function openRunner(frame: HTMLIFrameElement, request: object, onReply: (data: RunnerMessage) => void): () => void {
  const onMessage = (event: MessageEvent<RunnerMessage>) => {
    if (event.source !== frame.contentWindow || !event.data || typeof event.data !== "object") return;
    if (event.data.type === "ready") frame.contentWindow?.postMessage(request, "*");
    else onReply(event.data);
  };
  window.addEventListener("message", onMessage);
  frame.src = "/sandbox/html-runner.html";
  return () => window.removeEventListener("message", onMessage);
}

/**
 * An HTML trial's live preview and instant checks: the learner's page in our sandboxed runner frame,
 * and the trial's checks run on it at each of their widths in off-screen frames of that width, by
 * the same harness the server runs before it records a pass (decision 0031).
 */
export function HtmlTrialPreview({ exercise, code }: { exercise: ExerciseDetail; code: string }) {
  const pageChecks = exercise.pageChecks;
  const preview = useRef<HTMLIFrameElement>(null);
  const sequence = useRef(0);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<CheckState>({ status: "loading" });
  const headingId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a Retry (attempt) checks the same page again
  useEffect(() => {
    if (!pageChecks) return;
    setState((s) => (s.status === "done" ? s : { status: "checking" }));
    const cleanups: (() => void)[] = [];
    const delay = window.setTimeout(() => {
      const id = ++sequence.current;
      if (preview.current) cleanups.push(openRunner(preview.current, { type: "show", html: code }, () => undefined));
      const widths = checkWidths(pageChecks.checks);
      const runs: HtmlCheckResult[][] = [];
      const limit = window.setTimeout(() => {
        if (id === sequence.current) setState({ status: "error", message: "The checks did not answer in time." });
      }, LOAD_LIMIT_MS);
      cleanups.push(() => window.clearTimeout(limit));
      for (const width of widths) {
        const frame = document.createElement("iframe");
        frame.setAttribute("sandbox", "allow-scripts");
        frame.setAttribute("aria-hidden", "true");
        frame.tabIndex = -1;
        frame.className = "html-check-frame";
        frame.style.width = `${width}px`;
        frame.style.height = `${CHECK_VIEWPORT_HEIGHT}px`;
        const request = {
          type: "check",
          id,
          html: code,
          code: pageChecks.code,
          width,
          defaultWidth: DEFAULT_CHECK_WIDTH,
          harness: HTML_CHECK_HARNESS,
        };
        const stop = openRunner(frame, request, (reply) => {
          if (reply.type !== "results" || reply.id !== id) return;
          stop();
          frame.remove();
          if (id !== sequence.current) return;
          if (reply.error !== undefined) {
            setState({ status: "error", message: `The checks could not run: ${reply.error}` });
            return;
          }
          runs.push(reply.results ?? []);
          if (runs.length === widths.length) {
            window.clearTimeout(limit);
            setState({ status: "done", results: mergeCheckResults(pageChecks.checks, runs) });
          }
        });
        cleanups.push(() => {
          stop();
          frame.remove();
        });
        document.body.append(frame);
      }
    }, CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(delay);
      for (const c of cleanups) c();
    };
  }, [code, pageChecks, attempt]);

  if (!pageChecks) return null;
  const passed = state.status === "done" ? state.results.filter((r) => r.passed).length : 0;
  return (
    <div className="html-trial">
      <iframe
        ref={preview}
        className="html-trial-preview"
        sandbox="allow-scripts"
        title="Live preview of your page"
        data-testid="html-preview"
      />
      <section className="trial-tests" aria-labelledby={headingId} data-testid="html-checks">
        <h5 id={headingId}>Checks in your browser</h5>
        <p className="trial-note">
          They run as you type. Submit has the server render your page and check it again: only its verdict counts.
        </p>
        {state.status === "error" ? (
          <div className="trial-note" role="alert">
            {state.message}{" "}
            <button type="button" className="btn btn-outline btn-small" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </button>
          </div>
        ) : state.status === "checking" || state.status === "loading" ? (
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
