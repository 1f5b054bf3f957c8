import { isPassing, type QuizQuestion, scoreAnswers } from "@koc/shared";
import { useId, useState } from "react";
import { Modal } from "../../../components/modal";

export const QUIZ_FAILED_MESSAGE = "You need 80% to unlock the Knowledge section. Review the topic and try again.";

interface KnowledgeQuizModalProps {
  title: string;
  questions: QuizQuestion[];
  onSubmitted: (score: number) => void;
  onClose: () => void;
}

/** The topic's knowledge check: answer every question, submit, see the result, retake or continue. */
export function KnowledgeQuizModal({ title, questions, onSubmitted, onClose }: KnowledgeQuizModalProps) {
  const [answers, setAnswers] = useState<(number | undefined)[]>(() => questions.map(() => undefined));
  const [score, setScore] = useState<number | null>(null);
  const name = useId();
  const allAnswered = answers.every((a) => a !== undefined);

  const submit = () => {
    const s = scoreAnswers(
      answers,
      questions.map((q) => q.correct),
    );
    setScore(s);
    onSubmitted(s);
  };

  const retake = () => {
    setAnswers(questions.map(() => undefined));
    setScore(null);
  };

  return (
    <Modal title={`Knowledge Check: ${title}`} onClose={onClose} maxWidth="600px" className="quiz-modal">
      {score === null ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (allAnswered) submit();
          }}
        >
          {questions.map((q, qi) => (
            <fieldset key={q.question} className="quiz-question">
              <legend>
                {qi + 1}. {q.question}
              </legend>
              {q.options.map((opt, oi) => (
                <label key={opt} className={`quiz-option${answers[qi] === oi ? " chosen" : ""}`}>
                  <input
                    type="radio"
                    name={`${name}-${qi}`}
                    checked={answers[qi] === oi}
                    onChange={() => setAnswers((a) => a.map((v, i) => (i === qi ? oi : v)))}
                  />
                  <span>{opt}</span>
                </label>
              ))}
            </fieldset>
          ))}
          <div className="modal-actions">
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Close
            </button>
            <button type="submit" className="btn" disabled={!allAnswered}>
              Submit
            </button>
          </div>
        </form>
      ) : (
        <div className="quiz-result" role="status">
          <p className="quiz-score">Your score: {score}%</p>
          {isPassing(score) ? (
            <p className="form-message success">Knowledge unlocked! The topic is marked as completed.</p>
          ) : (
            <>
              <p className="form-message error">{QUIZ_FAILED_MESSAGE}</p>
              <p>Current progress: {score}%</p>
            </>
          )}
          <div className="modal-actions">
            {!isPassing(score) && (
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
