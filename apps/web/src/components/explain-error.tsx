import { type MentorCodeLanguage, type MentorExplainRequest, mentorExplainResponse } from "@koc/shared";
import { useMutation } from "@tanstack/react-query";
import { MessageCircleQuestion } from "lucide-react";
import { Fragment, type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { ApiError, api } from "../lib/api-client";
import { readMentorContext } from "../lib/mentor-context";
import { helpHeaders } from "../lib/trial-help-tokens";
import { QueryError } from "./query-state";
import "./explain-error.css";

/** The code the request carries at most (the API's limit); longer code goes without it. */
const MAX_CODE = 20_000;
/** The top of a long error names it; the rest is a stack trace. */
const MAX_ERROR = 8_000;

/** Does this console output show an error worth explaining (a compile error, an exception, a traceback)? */
export const showsError = (output: string): boolean =>
  /\b(error|exception|traceback)\b|^Runtime Error:/im.test(output) && !/^Executing code\.\.\.$/.test(output.trim());

interface ExplainErrorProps {
  /** SQL errors are PostgreSQL's own words: the mentor explains Java, Python and JavaScript only. */
  language: MentorCodeLanguage | "sql";
  code: string;
  error: string;
  /** The trial in hand (else the page's, from what the page shares with Kattappa). */
  trialId?: string | undefined;
}

/** `code`, **bold** and [links](/course/...) in one line of the answer; our own links go through the router. */
function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*|\[[^\]]+\]\([^)\s]+\))/g).map((part, i) => {
    const key = `${i}-${part.slice(0, 8)}`;
    if (/^`[^`]+`$/.test(part)) return <code key={key}>{part.slice(1, -1)}</code>;
    if (/^\*\*[^*]+\*\*$/.test(part)) return <strong key={key}>{part.slice(2, -2)}</strong>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link?.[1] && link[2]) {
      return link[2].startsWith("/") ? (
        <Link key={key} to={link[2]}>
          {link[1]}
        </Link>
      ) : (
        <Fragment key={key}>{link[1]}</Fragment>
      );
    }
    return <Fragment key={key}>{part}</Fragment>;
  });
}

/**
 * "Explain this error" beside an error in the editor, a lesson example or a trial: asks Kattappa
 * (POST /api/ai/explain) with the code, the error and the page, and shows the line it names, what the
 * message means and the lesson section that teaches it.
 */
export function ExplainError({ language, ...rest }: ExplainErrorProps) {
  if (language === "sql") return null;
  return <ExplainCodeError language={language} {...rest} />;
}

function ExplainCodeError({ language, code, error, trialId }: ExplainErrorProps & { language: MentorCodeLanguage }) {
  const explain = useMutation({
    mutationFn: () => {
      const page = readMentorContext();
      const trial = trialId ?? page.trialId;
      const context = {
        ...(page.courseId ? { courseId: page.courseId } : {}),
        ...(page.materialId ? { materialId: page.materialId } : {}),
        ...(trial ? { trialId: trial } : {}),
      };
      const body: MentorExplainRequest = {
        language,
        code: code.length <= MAX_CODE ? code : "",
        error: error.slice(0, MAX_ERROR),
        ...(Object.keys(context).length > 0 ? { context } : {}),
      };
      return api("/ai/explain", {
        method: "POST",
        body,
        schema: mentorExplainResponse,
        headers: trial ? helpHeaders(trial) : {},
      });
    },
  });
  const { reset } = explain;
  // A new error is a new question: the old explanation goes.
  useEffect(() => {
    if (error) reset();
  }, [error, reset]);

  if (!error.trim()) return null;
  const answer = explain.data;
  return (
    <div className="explain-error" aria-live="polite">
      {!answer && !explain.isError && (
        <button
          type="button"
          className="btn btn-outline btn-small explain-error-button"
          onClick={() => explain.mutate()}
          disabled={explain.isPending}
        >
          <MessageCircleQuestion aria-hidden="true" size={16} />
          <span>{explain.isPending ? "Kattappa is reading the error..." : "Explain this error"}</span>
        </button>
      )}
      {explain.isError && (
        <QueryError
          message={
            explain.error instanceof ApiError && explain.error.status === 429
              ? explain.error.message
              : `Kattappa could not explain it: ${explain.error.message}`
          }
          onRetry={() => explain.mutate()}
          retrying={explain.isPending}
        />
      )}
      {answer && (
        <section className="explain-error-answer" aria-label="Kattappa explains the error" data-testid="explain-answer">
          {answer.response.split(/\n{2,}/).map((paragraph, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one answer never move
            <p key={i}>{inline(paragraph)}</p>
          ))}
          {answer.section && !answer.response.includes(answer.section.href) && (
            <p>
              Read: <Link to={answer.section.href}>{`${answer.section.title}: ${answer.section.section}`}</Link>
            </p>
          )}
        </section>
      )}
    </div>
  );
}
