import { type SubmissionResult, XP_PER_TRIAL, XP_PER_TRIAL_WITH_HELP } from "@koc/shared";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { Link } from "react-router";
import { ExplainError } from "../../../components/explain-error";
import { QueryError } from "../../../components/query-state";
import { ApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { passedSummary, TestResults } from "./test-results";

/** The trial, its language and the code that was judged: "Explain this error" sends them to Kattappa. */
export interface JudgedTrial {
  id: string;
  language: "java" | "javascript" | "python" | "sql" | "html";
  code: string;
}

interface TrialResultsProps {
  trial: JudgedTrial;
  pending: boolean;
  result: SubmissionResult | undefined;
  /** Made offline: how many attempts wait to be graded, this one among them (no verdict yet). */
  waiting?: number | null;
  error: Error | null;
  signedIn: boolean;
  onRetry: () => void;
}

/** The verdict, announced: the summary line, every case lit up, the compile error, the xp. */
export function TrialResults({ trial, pending, result, waiting, error, signedIn, onRetry }: TrialResultsProps) {
  return (
    <div className="trial-results" aria-live="polite">
      {pending ? (
        <p role="status" className="trial-state">
          The judges are running your program against every case...
        </p>
      ) : error ? (
        <QueryError message={submissionError(error)} onRetry={onRetry} />
      ) : result ? (
        <Verdict trial={trial} result={result} signedIn={signedIn} />
      ) : waiting != null ? (
        <Waiting language={trial.language} waiting={waiting} />
      ) : null}
    </div>
  );
}

/** Queued offline: nothing is passed or failed until the server has run it. */
function Waiting({ language, waiting }: { language: JudgedTrial["language"]; waiting: number }) {
  return (
    <div className="trial-verdict waiting" data-testid="trial-waiting" role="status">
      <p className="trial-summary">
        <Clock aria-hidden="true" size={18} /> Waiting to be graded
      </p>
      <p className="trial-note">
        You are offline. Your submission is kept on this device and sent to the judges when the connection returns
        {language === "java" ? " (Java programs run only on the server)" : ""}; their verdict will appear here.{" "}
        {waiting === 1 ? "1 attempt waiting to be graded." : `${waiting} attempts waiting to be graded.`}
      </p>
    </div>
  );
}

function submissionError(error: Error): string {
  if (error instanceof ApiError && error.status === 429) return `Easy, warrior: ${error.message}`;
  return `Your submission could not be judged: ${error.message}`;
}

function Verdict({ trial, result, signedIn }: { trial: JudgedTrial; result: SubmissionResult; signedIn: boolean }) {
  const language = trial.language;
  // A failed check of an HTML page already says what to change; the mentor explains program errors.
  const explain = (error: string) =>
    language === "html" ? null : (
      <ExplainError language={language} code={trial.code} error={error} trialId={trial.id} />
    );
  const tests = result.tests?.length ?? 0;
  return (
    <div className={`trial-verdict ${result.passed ? "passed" : "failed"}`} data-testid="trial-verdict">
      <p className="trial-summary">
        {result.passed
          ? result.cases.length === 0
            ? `Trial conquered! The server rendered your page and all ${tests} checks passed.`
            : `Trial conquered! All ${result.cases.length} cases${tests > 0 ? ` and ${tests} tests` : ""} passed.`
          : result.compileError !== undefined
            ? "Your program did not compile, so no case could run. Read the compiler's words and strike again."
            : `Not yet, warrior: ${passedSummary(result.cases, result.tests)}. Study the failed ones and strike again.`}
      </p>
      {result.passed && <XpNote result={result} signedIn={signedIn} />}
      {result.compileError !== undefined && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: long compiler output scrolls; keyboard users must reach it
        <pre className="trial-compile-error" tabIndex={0}>
          {result.compileError}
        </pre>
      )}
      {result.compileError !== undefined && explain(result.compileError)}
      {result.cases.length > 0 && (
        <ul className="trial-cases" aria-label="Test cases">
          {result.cases.map((c) => (
            <li key={c.name} className={c.passed ? "case-passed" : "case-failed"}>
              <span className="case-line">
                {c.passed ? (
                  <CheckCircle2 aria-hidden="true" size={18} />
                ) : c.timedOut ? (
                  <Clock aria-hidden="true" size={18} />
                ) : (
                  <XCircle aria-hidden="true" size={18} />
                )}
                <span className="case-name">{c.name}</span>
                <span className="case-status">
                  {c.passed ? "passed" : c.timedOut ? "timed out" : c.notRun ? "not run" : "failed"}
                </span>
              </span>
              {!c.passed && !c.notRun && (c.expected !== undefined || c.actual !== undefined) && (
                <div className="trial-io">
                  <div>
                    <span>Expected output</span>
                    <pre>{c.expected ?? ""}</pre>
                  </div>
                  <div>
                    <span>Your output</span>
                    <pre>{c.actual === undefined || c.actual === "" ? "(nothing printed)" : c.actual}</pre>
                  </div>
                </div>
              )}
              {!c.passed && !c.notRun && result.compileError === undefined && explain(caseError(c))}
            </li>
          ))}
        </ul>
      )}
      <TestResults tests={result.tests} explain={explain} />
    </div>
  );
}

function XpNote({ result, signedIn }: { result: SubmissionResult; signedIn: boolean }) {
  // Passed after revealing the solution: a quarter of the xp, no achievement, not on the certificate.
  const xp = result.help?.solvedWithHelp ? XP_PER_TRIAL_WITH_HELP : XP_PER_TRIAL;
  if (result.help?.solvedWithHelp && (signedIn ? result.firstPass : result.receipt)) {
    return (
      <p className="trial-xp" data-testid="trial-xp">
        Solved with help: +{xp} XP{signedIn ? " earned" : " await you once you sign in"}. Next time, the victory can be
        all yours.
      </p>
    );
  }
  if (signedIn) {
    return result.firstPass ? (
      <p className="trial-xp" data-testid="trial-xp">
        +{XP_PER_TRIAL} XP earned. The kingdom records your victory.
      </p>
    ) : (
      <p className="trial-note">You had already conquered this trial; its {XP_PER_TRIAL} XP were yours before.</p>
    );
  }
  if (!result.receipt) {
    return (
      <p className="trial-note">
        <Link to={paths.login}>Sign in</Link> or <Link to={paths.register}>register</Link> so the kingdom records your
        victories.
      </p>
    );
  }
  return (
    <p className="trial-xp" data-testid="trial-xp">
      +{XP_PER_TRIAL} XP await you: this browser keeps your victory until you <Link to={paths.login}>sign in</Link> or{" "}
      <Link to={paths.register}>register</Link> to claim it.
    </p>
  );
}

/** A failed case as an error for Kattappa: which case, and what was expected against what was printed. */
function caseError(c: SubmissionResult["cases"][number]): string {
  if (c.timedOut) return `Case "${c.name}" timed out: the program ran too long.`;
  return [
    `Case "${c.name}" failed: wrong output.`,
    c.expected !== undefined ? `Expected output:\n${c.expected}` : "",
    c.actual !== undefined ? `Your output:\n${c.actual === "" ? "(nothing printed)" : c.actual}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}
