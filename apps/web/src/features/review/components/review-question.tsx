import type { ReviewQuestion } from "@koc/shared";
import { BookOpen, CheckCircle2, XCircle } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { TutorialRenderer } from "../../../components/tutorial-renderer";
import { ApiError } from "../../../lib/api-client";
import { reviewDay } from "../../../lib/review-api";
import { useAnswerReview } from "../api/answer-review";

/** A question may carry a program in a fenced block after its prompt. */
function split(question: string): { prompt: string; code: string | null } {
  const at = question.indexOf("```");
  return at < 0 ? { prompt: question, code: null } : { prompt: question.slice(0, at).trim(), code: question.slice(at) };
}

interface ReviewQuestionCardProps {
  card: ReviewQuestion;
  /** "Question 2 of 5". */
  position: string;
  onNext: () => void;
  last: boolean;
}

/** One due question: choose, check (graded on the server), then the verdict, its teaching and Next. */
export function ReviewQuestionCard({ card, position, onNext, last }: ReviewQuestionCardProps) {
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const answer = useAnswerReview(card.cardId);
  const name = useId();
  const { prompt, code } = split(card.question);
  const result = answer.data;
  const gone = answer.error instanceof ApiError && (answer.error.status === 404 || answer.error.status === 403);

  return (
    <article className="card review-card" aria-label={position}>
      <p className="review-from">
        {position} · {card.courseTitle}: {card.from}
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen !== undefined && !answer.isPending && !result) answer.mutate(chosen);
        }}
      >
        <fieldset className="review-question" disabled={Boolean(result) || answer.isPending}>
          <legend>{prompt}</legend>
          {code && <TutorialRenderer markdown={code} />}
          {card.options.map((opt, oi) => (
            <label key={opt} className={`review-option${chosen === oi ? " chosen" : ""}`}>
              <input type="radio" name={name} checked={chosen === oi} onChange={() => setChosen(oi)} />
              <span>{opt}</span>
            </label>
          ))}
        </fieldset>
        {!result && !gone && (
          <button type="submit" className="btn" disabled={chosen === undefined || answer.isPending}>
            {answer.isPending ? "Checking..." : "Check answer"}
          </button>
        )}
      </form>
      {answer.isError && (
        <p className="form-message error" role="alert">
          {gone ? answer.error.message : `Your answer could not be checked: ${answer.error.message}`}
        </p>
      )}
      {result && (
        <div className={`review-verdict ${result.correct ? "right" : "wrong"}`} role="status">
          <p>
            {result.correct ? <CheckCircle2 aria-hidden="true" size={18} /> : <XCircle aria-hidden="true" size={18} />}{" "}
            <strong>{result.correct ? "Right!" : "Not quite."}</strong>{" "}
            {result.correct ? "It comes back later, on " : "It comes back tomorrow, "}
            {reviewDay(result.nextDueAt)}.
          </p>
          {result.explain && <p>{result.explain}</p>}
          {result.read && (
            <Link className="review-read" to={result.read.href}>
              <BookOpen aria-hidden="true" size={16} /> Read: {result.read.title}
            </Link>
          )}
        </div>
      )}
      {(result || gone) && (
        <button type="button" className="btn btn-outline" onClick={onNext}>
          {last ? "Finish the questions" : "Next question"}
        </button>
      )}
    </article>
  );
}
