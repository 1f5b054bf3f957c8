import type { TrialRunResult } from "@koc/shared";
import { useId } from "react";
import { ExplainError } from "../../../components/explain-error";
import { QueryError } from "../../../components/query-state";
import { ApiError } from "../../../lib/api-client";

interface CustomInputProps {
  useOwn: boolean;
  onUseOwn: (value: boolean) => void;
  input: string;
  onInput: (value: string) => void;
  sampleName: string | undefined;
}

/** Run's input: the first sample's, or the learner's own text. */
export function CustomInput({ useOwn, onUseOwn, input, onInput, sampleName }: CustomInputProps) {
  const id = useId();
  return (
    <div className="trial-custom-input">
      <label className="trial-check">
        <input type="checkbox" checked={useOwn} onChange={(e) => onUseOwn(e.target.checked)} />
        Run on my own input{sampleName && !useOwn ? ` (now: the sample "${sampleName}")` : ""}
      </label>
      {useOwn && (
        <>
          <label htmlFor={id}>Custom input</label>
          <textarea
            id={id}
            className="input"
            rows={3}
            value={input}
            onChange={(e) => onInput(e.target.value)}
            spellCheck={false}
          />
        </>
      )}
    </div>
  );
}

interface RunOutputProps {
  /** The trial, its language and the code that ran: "Explain this error" sends them to Kattappa. */
  trial: { id: string; language: "java" | "javascript" | "python" | "sql"; code: string };
  pending: boolean;
  result: TrialRunResult | undefined;
  error: Error | null;
  onRetry: () => void;
}

/** What Run printed, its exit status and time: practice only, never graded. */
export function TrialRunOutput({ trial, pending, result, error, onRetry }: RunOutputProps) {
  return (
    <div className="trial-run" aria-live="polite">
      {pending ? (
        <p className="trial-state" role="status">
          Running your code in the sandbox...
        </p>
      ) : error ? (
        <QueryError
          message={
            error instanceof ApiError && error.status === 429
              ? `Easy, warrior: ${error.message}`
              : `Your code could not run: ${error.message}`
          }
          onRetry={onRetry}
        />
      ) : result ? (
        <section className="trial-run-output" aria-label="Run output" data-testid="trial-run-output">
          <p className="trial-note">
            {result.usedSample ? `Ran on the sample "${result.usedSample}".` : "Ran on your own input."} Run is
            practice: not an attempt, no xp.
          </p>
          {result.compileError !== undefined ? (
            <>
              <pre className="trial-compile-error">{result.compileError}</pre>
              <ExplainError
                language={trial.language}
                code={trial.code}
                error={result.compileError}
                trialId={trial.id}
              />
            </>
          ) : (
            <>
              <span>Output</span>
              <pre>{result.stdout === "" ? "(nothing printed)" : result.stdout}</pre>
              {result.stderr && (
                <>
                  <span>Errors</span>
                  <pre>{result.stderr}</pre>
                  {result.exitCode !== 0 && (
                    <ExplainError
                      language={trial.language}
                      code={trial.code}
                      error={result.stderr}
                      trialId={trial.id}
                    />
                  )}
                </>
              )}
            </>
          )}
          <p className="trial-run-status" data-testid="trial-run-status">
            {result.timedOut
              ? "Stopped: it ran too long"
              : result.compileError !== undefined
                ? "Did not compile"
                : `Exit status ${result.exitCode ?? "none"}`}
            {result.truncated ? " · output cut short" : ""} · {result.timeMs} ms
          </p>
        </section>
      ) : null}
    </div>
  );
}
