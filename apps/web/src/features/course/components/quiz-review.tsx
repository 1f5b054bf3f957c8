import type { PublicQuizQuestion, QuizAttemptResult, QuizReading } from "@koc/shared";
import { CheckCircle2, XCircle } from "lucide-react";
import { ReadLink, splitQuestion } from "../../../components/quiz-question";
import "./quiz-review.css";

interface QuizReviewProps {
  questions: readonly PublicQuizQuestion[];
  /** The learner's chosen option per question. */
  answers: readonly (number | undefined)[];
  result: QuizAttemptResult;
  /** Following a "Read:" link (the knowledge check closes its overlay). */
  onRead?: (() => void) | undefined;
}

/** Brings the section into view when it is already on the page (the lesson is open under the overlay). */
function revealSection(href: string) {
  const id = href.split("#")[1];
  if (!id) return;
  requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: "start" }));
}

function SectionLink({ read, onRead }: { read: QuizReading; onRead?: (() => void) | undefined }) {
  return (
    <ReadLink
      title={read.title}
      href={read.href}
      onClick={() => {
        onRead?.();
        revealSection(read.href);
      }}
    />
  );
}

/**
 * The result of a graded quiz, question by question. A failed attempt says right or wrong and, for a
 * wrong answer, the idea the question tests and where the lesson teaches it (the server sends no key
 * then). A pass shows the right answer of every question with its explanation.
 */
export function QuizReview({ questions, answers, result, onRead }: QuizReviewProps) {
  return (
    <ol className="quiz-review" aria-label="Your answers">
      {questions.map((q, qi) => {
        const r = result.results[qi];
        if (!r) return null;
        const chosen = answers[qi];
        const keyed = result.passed ? result.results[qi] : undefined;
        const rightOption = keyed && "correctIndex" in keyed ? q.options[keyed.correctIndex] : undefined;
        return (
          <li key={q.question} className={`quiz-review-item ${r.correct ? "right" : "wrong"}`}>
            <p className="quiz-review-verdict">
              {r.correct ? <CheckCircle2 aria-hidden="true" size={16} /> : <XCircle aria-hidden="true" size={16} />}{" "}
              <strong>
                {qi + 1}. {r.correct ? "Right" : "Wrong"}
              </strong>
              : {splitQuestion(q.question).prompt}
            </p>
            {chosen !== undefined && <p className="quiz-review-answer">Your answer: {q.options[chosen]}</p>}
            {rightOption !== undefined && !r.correct && (
              <p className="quiz-review-answer">Right answer: {rightOption}</p>
            )}
            {r.explain && <p className="quiz-review-explain">{r.explain}</p>}
            {r.read && (!r.correct || result.passed) && <SectionLink read={r.read} onRead={onRead} />}
          </li>
        );
      })}
    </ol>
  );
}
