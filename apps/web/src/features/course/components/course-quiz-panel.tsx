import { courseQuizFor, quizScore, resultIcon, resultMessage } from "@koc/shared";
import { Crown, Shield, Swords } from "lucide-react";
import { useId, useState } from "react";

/** The course-level quiz: one question at a time, Next after choosing, Finish Quiz, then the result. */
export function CourseQuizPanel({ courseTitle }: { courseTitle: string }) {
  const questions = courseQuizFor(courseTitle);
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<number | null>(null);
  const [correct, setCorrect] = useState(0);
  const [finished, setFinished] = useState(false);
  const name = useId();

  const q = questions[index];
  const last = index === questions.length - 1;

  const next = () => {
    if (choice === null || !q) return;
    const right = correct + (choice === q.correct ? 1 : 0);
    setCorrect(right);
    setChoice(null);
    if (last) setFinished(true);
    else setIndex((i) => i + 1);
  };

  const restart = () => {
    setIndex(0);
    setChoice(null);
    setCorrect(0);
    setFinished(false);
  };

  const score = quizScore(correct, questions.length);
  const icon = resultIcon(score);
  const Icon = icon === "crown" ? Crown : icon === "sword" ? Swords : Shield;

  return (
    <section className="course-quiz card" aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`}>
        <Swords aria-hidden="true" size={22} /> Course Quiz
      </h2>
      {finished ? (
        <div className="course-quiz-result" role="status">
          <Icon aria-hidden="true" size={48} className={`result-icon result-${icon}`} />
          <p className="course-quiz-score">
            {correct} / {questions.length} correct ({score}%)
          </p>
          <p className="course-quiz-message">{resultMessage(score)}</p>
          <button type="button" className="btn" onClick={restart}>
            Take Quiz Again
          </button>
        </div>
      ) : q ? (
        <fieldset className="quiz-question">
          <legend>
            Question {index + 1} of {questions.length}: {q.question}
          </legend>
          {q.options.map((opt, i) => (
            <label key={opt} className={`quiz-option${choice === i ? " chosen" : ""}`}>
              <input type="radio" name={`${name}-q${index}`} checked={choice === i} onChange={() => setChoice(i)} />
              <span>{opt}</span>
            </label>
          ))}
          <button type="button" className="btn" disabled={choice === null} onClick={next}>
            {last ? "Finish Quiz" : "Next"}
          </button>
        </fieldset>
      ) : null}
    </section>
  );
}
