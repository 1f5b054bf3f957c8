import type { ReviewQuestion } from "@koc/shared";
import { CheckCircle2, XCircle } from "lucide-react";
import { useId, useState } from "react";
import { QuizQuestion, ReadLink, splitQuestion } from "../../../components/quiz-question";
import { ApiError } from "../../../lib/api-client";
import { reviewDay } from "../../../lib/review-api";
import { useAnswerReview } from "../api/answer-review";

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
  const { prompt, code } = splitQuestion(card.question);
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
        <QuizQuestion
          legend={prompt}
          code={code}
          options={card.options}
          name={name}
          chosen={chosen}
          onChoose={setChosen}
          disabled={Boolean(result) || answer.isPending}
        />
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
          {result.read && <ReadLink title={result.read.title} href={result.read.href} />}
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
