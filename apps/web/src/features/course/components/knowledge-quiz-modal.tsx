import { isPassing, type PublicQuizQuestion, type QuizAttemptResult } from "@koc/shared";
import { useEffect, useId, useState } from "react";
import { Modal } from "../../../components/modal";
import { QuizQuestion, splitQuestion } from "../../../components/quiz-question";
import { ApiError } from "../../../lib/api-client";
import { markBusy } from "../../../lib/offline/busy";
import { useGradeQuiz } from "../api/grade-quiz";
import { QuizReview } from "./quiz-review";

export const QUIZ_FAILED_MESSAGE = "You need 80% to unlock the Knowledge section. Review the topic and try again.";

interface KnowledgeQuizModalProps {
  materialId: string;
  title: string;
  questions: PublicQuizQuestion[];
  onGraded: (result: QuizAttemptResult) => void;
  onClose: () => void;
}

/**
 * The topic's knowledge check: answer every question, submit, and the server grades it. The result
 * view says which answers were right; a wrong one is explained with a link to the part of the lesson
 * that teaches it (the right option only after a pass). Retake or continue.
 */
export function KnowledgeQuizModal({ materialId, title, questions, onGraded, onClose }: KnowledgeQuizModalProps) {
  const [answers, setAnswers] = useState<(number | undefined)[]>(() => questions.map(() => undefined));
  const [result, setResult] = useState<QuizAttemptResult | null>(null);
  /** Offline: how many attempts wait to be graded, this one among them. */
  const [waiting, setWaiting] = useState<number | null>(null);
  const grading = useGradeQuiz();
  const name = useId();
  const allAnswered = answers.every((a) => a !== undefined);
  // A new version of the app does not reload the page while a quiz is open.
  useEffect(() => markBusy(), []);

  const submit = () => {
    grading.mutate(
      { materialId, answers: answers.map((a) => a ?? 0), title },
      {
        onSuccess: (outcome) => {
          if (outcome.queued) {
            setWaiting(outcome.waiting);
            return;
          }
          setResult(outcome.result);
          onGraded(outcome.result);
        },
      },
    );
  };

  const retake = () => {
    setAnswers(questions.map(() => undefined));
    setResult(null);
    grading.reset();
  };

  return (
    <Modal title={`Knowledge Check: ${title}`} onClose={onClose} maxWidth="600px" className="quiz-modal">
      {waiting !== null ? (
        <div className="quiz-result" role="status">
          <p className="quiz-score">Waiting to be graded</p>
          <p>
            You are offline. Your answers are kept on this device and sent to the server when the connection returns;
            the topic counts once the server has graded them.
          </p>
          <p className="quiz-waiting">
            {waiting === 1 ? "1 attempt waiting to be graded." : `${waiting} attempts waiting to be graded.`}
          </p>
          <div className="modal-actions">
            <button type="button" className="btn" onClick={onClose}>
              Continue Learning
            </button>
          </div>
        </div>
      ) : result === null ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (allAnswered && !grading.isPending) submit();
          }}
        >
          {questions.map((q, qi) => {
            const { prompt, code } = splitQuestion(q.question);
            return (
              <QuizQuestion
                key={q.question}
                legend={`${qi + 1}. ${prompt}`}
                code={code}
                options={q.options}
                name={`${name}-${qi}`}
                chosen={answers[qi]}
                onChoose={(oi) => setAnswers((a) => a.map((v, i) => (i === qi ? oi : v)))}
              />
            );
          })}
          {grading.isError && (
            <p
              className={`form-message error${grading.error instanceof ApiError && grading.error.status === 429 ? " quiz-wait" : ""}`}
              role="alert"
            >
              {grading.error.message}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Close
            </button>
            <button type="submit" className="btn" disabled={!allAnswered || grading.isPending}>
              {grading.isPending ? "Grading..." : "Submit"}
            </button>
          </div>
        </form>
      ) : (
        <div className="quiz-result" role="status">
          <p className="quiz-score">Your score: {result.score}%</p>
          {isPassing(result.score) ? (
            <p className="form-message success">Knowledge unlocked! The topic is marked as completed.</p>
          ) : (
            <>
              <p className="form-message error">{QUIZ_FAILED_MESSAGE}</p>
              <p>Current progress: {result.score}%</p>
            </>
          )}
          <QuizReview questions={questions} answers={answers} result={result} onRead={onClose} />
          <div className="modal-actions">
            {!isPassing(result.score) && (
              <button type="button" className="btn btn-outline" onClick={retake}>
                Retake Quiz
              </button>
            )}
            <button type="button" className="btn" onClick={onClose}>
              Continue Learning
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
