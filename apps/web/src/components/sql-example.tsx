import type { SqlExampleResult } from "@koc/shared";
import { Pencil, RotateCcw } from "lucide-react";
import { createContext, useContext, useRef, useState } from "react";
import { ApiError, isNetworkFailure } from "../lib/api-client";
import { OfflineError, runSqlExample } from "../lib/run/run-sql-example";
import { BlockButton, RunBlockButton } from "./block-button";
import "./sql-example.css";

/** The lesson whose ```sql examples run in place: only a lesson page with tables provides it. */
export interface SqlExampleLesson {
  course: string;
  lesson: string;
}

/**
 * Where a lesson page provides this (its lesson has tables), ```sql blocks get Run, Edit and Reset.
 * Off by default, so SQL in quiz questions, trials and mentor answers stays plain text.
 */
export const SqlExamplesContext = createContext<SqlExampleLesson | null>(null);

/** ```sql setup: the block that makes the lesson's tables runs on an empty database (decision 0033). */
const isSetup = (meta: string) => /(?:^|\s)setup\b/.test(meta);

export interface SqlExampleState {
  code: string;
  editing: boolean;
  edited: boolean;
  running: boolean;
  setCode: (code: string) => void;
  toggleEditing: () => void;
  reset: () => void;
  run: () => void;
  clear: () => void;
  result: SqlExampleResult | undefined;
  failure: Error | null;
}

/**
 * A ```sql block's own copy of its code (the learner may edit it) and its last run; null when it does
 * not run here. Plain state, not a query mutation: the renderer draws blocks on pages with no query
 * cache (the mentor's answers, quiz questions), and a run belongs to its block alone.
 */
export function useSqlExample(lang: string, original: string, meta: string): SqlExampleState | null {
  const lesson = useContext(SqlExamplesContext);
  const [code, setCode] = useState(original);
  const [editing, setEditing] = useState(false);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<SqlExampleResult | undefined>(undefined);
  const [failure, setFailure] = useState<Error | null>(null);
  // Each run's number: a Reset or a newer run makes an older answer stale, and it is dropped.
  const latest = useRef(0);
  if (!lesson || lang.toLowerCase() !== "sql") return null;
  const clear = () => {
    latest.current += 1;
    setRunning(false);
    setResult(undefined);
    setFailure(null);
  };
  const run = async () => {
    if (running) return;
    const mine = ++latest.current;
    setRunning(true);
    setResult(undefined);
    setFailure(null);
    try {
      const answer = await runSqlExample({ ...lesson, code, ...(isSetup(meta) ? { empty: true } : {}) });
      if (mine === latest.current) setResult(answer);
    } catch (error) {
      if (mine === latest.current) setFailure(error instanceof Error ? error : new Error(String(error)));
    } finally {
      if (mine === latest.current) setRunning(false);
    }
  };
  return {
    code,
    editing,
    edited: code !== original,
    running,
    setCode,
    toggleEditing: () => setEditing((e) => !e),
    reset: () => {
      setCode(original);
      clear();
    },
    run: () => void run(),
    clear,
    result,
    failure,
  };
}

/** Run, Edit (in place) and Reset, beside Copy in the block's bar. */
export function SqlExampleButtons({ sql }: { sql: SqlExampleState }) {
  return (
    <>
      <RunBlockButton language="SQL" running={sql.running} onClick={sql.run} />
      <BlockButton
        icon={Pencil}
        label={sql.editing ? "Done" : "Edit"}
        onClick={sql.toggleEditing}
        aria-pressed={sql.editing}
      />
      {sql.edited && (
        <BlockButton
          icon={RotateCcw}
          label="Reset"
          onClick={sql.reset}
          aria-label="Reset the SQL example to the original"
        />
      )}
    </>
  );
}

/** The editable query in place of the highlighted one; Ctrl+Enter (or Cmd+Enter) runs it. */
export function SqlExampleEditor({ sql }: { sql: SqlExampleState }) {
  return (
    <textarea
      className="sql-example-editor"
      aria-label="SQL example (editable)"
      value={sql.code}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      rows={Math.min(20, Math.max(3, sql.code.split("\n").length + 1))}
      onChange={(e) => sql.setCode(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          sql.run();
        }
      }}
    />
  );
}

const rowCount = (n: number) => `(${n} ${n === 1 ? "row" : "rows"})`;

/** Why the run did not reach an answer, and whether trying again may help. */
function failureText(err: Error): { text: string; retry: boolean } {
  if (err instanceof OfflineError || isNetworkFailure(err)) {
    return {
      text: "The server cannot be reached (are you offline?). SQL examples run on our server: connect to the internet and try again.",
      retry: true,
    };
  }
  if (err instanceof ApiError) {
    if (err.status === 403 || err.status === 404 || err.status === 400) return { text: err.message, retry: false };
    if (err.status >= 500 && err.status !== 503) {
      return { text: "The server could not run the example just now. Please try again.", retry: true };
    }
    return { text: err.message, retry: true };
  }
  return { text: err.message, retry: true };
}

/** The run's answer under the block: a table of the rows, PostgreSQL's error, or why it did not run. */
export function SqlExampleResultView({ sql }: { sql: SqlExampleState }) {
  const { result, failure } = sql;
  return (
    <div className="code-run-output-region" aria-live="polite">
      {sql.running && (
        <p className="code-run-progress" role="status">
          Running on a fresh copy of the lesson's tables...
        </p>
      )}
      {!sql.running && (result || failure) && (
        <div className="code-run-output sql-result" data-testid="sql-result">
          <div className="code-run-output-bar">
            <span>Result</span>
            <button type="button" className="code-copy" onClick={sql.clear}>
              Clear
            </button>
          </div>
          {failure ? (
            <FailureView failure={failure} onRetry={sql.run} />
          ) : result?.status === "error" ? (
            <pre role="alert" className="sql-result-error">
              {result.error}
            </pre>
          ) : result?.status === "ok" ? (
            <RowsView result={result} />
          ) : null}
        </div>
      )}
    </div>
  );
}

function FailureView({ failure, onRetry }: { failure: Error; onRetry: () => void }) {
  const { text, retry } = failureText(failure);
  return (
    <div role="alert" className="sql-result-failure">
      <p>{text}</p>
      {retry && (
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

function RowsView({ result }: { result: Extract<SqlExampleResult, { status: "ok" }> }) {
  if (result.columns.length === 0) {
    return <p className="sql-result-note">Done. The last statement returned no rows to show.</p>;
  }
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a result wider than the screen must be scrollable by keyboard */}
      <div className="sql-result-table" tabIndex={0}>
        <table>
          <thead>
            <tr>
              {result.columns.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two columns may share a name
                <th key={i} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of one answer, never reordered
              <tr key={r}>
                {row.map((v, i) =>
                  v === null ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of one row, never reordered
                    <td key={i} className="sql-null">
                      NULL
                    </td>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above
                    <td key={i}>{v}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="sql-result-note">
        {rowCount(result.rows.length)}
        {result.truncated && " truncated: the result was cut to its first rows."}
      </p>
    </>
  );
}
