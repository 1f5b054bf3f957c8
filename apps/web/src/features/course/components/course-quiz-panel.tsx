import {
  PREMIUM_COURSE_QUIZ,
  type PublicQuizQuestion,
  type QuizAttemptResult,
  resultIcon,
  resultMessage,
} from "@koc/shared";
import { useQuery } from "@tanstack/react-query";
import { Crown, Shield, Swords } from "lucide-react";
import { useId, useState } from "react";
import { QueryState } from "../../../components/query-state";
import { QuizQuestion } from "../../../components/quiz-question";
import { ApiError } from "../../../lib/api-client";
import { keepReceipt } from "../../../lib/progress-sync";
import { readToken } from "../../../lib/storage";
import { courseQuizQuery } from "../api/get-course-quiz";
import { useGradeCourseQuiz } from "../api/grade-course-quiz";
import { QuizReview } from "./quiz-review";
import { UpgradePrompt } from "./upgrade-prompt";

/**
 * The course-level quiz: one question at a time, Next after choosing, Finish Quiz; the server grades
 * the answers and the result screen shows the score, which answers were right and, for a wrong one,
 * the idea behind it with a link to the lesson that teaches it.
 */
export function CourseQuizPanel(props: { courseId: string; courseTitle: string; locked?: boolean }) {
  const name = useId();
  return (
    <section className="course-quiz card" aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`}>
        <Swords aria-hidden="true" size={22} /> Course Quiz
      </h2>
      {/* A premium course's quiz is for premium learners (the server refuses anyone else). */}
      {props.locked ? (
        <UpgradePrompt title="Premium quiz" message={PREMIUM_COURSE_QUIZ} />
      ) : (
        <CourseQuizQuestions courseId={props.courseId} courseTitle={props.courseTitle} />
      )}
    </section>
  );
}

function CourseQuizQuestions({ courseId, courseTitle }: { courseId: string; courseTitle: string }) {
  const query = useQuery(courseQuizQuery(courseId));
  return (
    <QueryState
      query={query}
      loading="Loading the course quiz..."
      error={
        query.error instanceof ApiError && query.error.status === 403
          ? query.error.message
          : "The course quiz could not be loaded."
      }
      empty="This course has no quiz yet."
      isEmpty={(quiz) => quiz.questions.length === 0}
    >
      {(quiz) => (
        <OpenCourseQuiz key={courseId} courseId={courseId} courseTitle={courseTitle} questions={quiz.questions} />
      )}
    </QueryState>
  );
}

function OpenCourseQuiz({
  courseId,
  courseTitle,
  questions,
}: {
  courseId: string;
  courseTitle: string;
  questions: PublicQuizQuestion[];
}) {
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<number | null>(null);
  const [answers, setAnswers] = useState<number[]>([]);
  const [result, setResult] = useState<QuizAttemptResult | null>(null);
  /** Offline: how many attempts wait to be graded, this one among them. */
  const [waiting, setWaiting] = useState<number | null>(null);
  const grading = useGradeCourseQuiz();
  const name = useId();

  const q = questions[index];
  const last = index === questions.length - 1;

  const finish = (all: number[]) =>
    grading.mutate(
      { courseId, answers: all, title: `Course quiz: ${courseTitle}` },
      {
        onSuccess: (outcome) => {
          if (outcome.queued) {
            setWaiting(outcome.waiting);
            return;
          }
          const r = outcome.result;
          // A visitor's attempt travels as a signed receipt until they register or sign in.
          if (r.receipt && !readToken()) keepReceipt(r.receipt);
          setResult(r);
        },
      },
    );

  const next = () => {
    if (choice === null || !q) return;
    const all = [...answers.slice(0, index), choice];
    setAnswers(all);
    if (last) finish(all);
    else {
      setChoice(null);
      setIndex((i) => i + 1);
    }
  };

  const restart = () => {
    setIndex(0);
    setChoice(null);
    setAnswers([]);
    setResult(null);
    setWaiting(null);
    grading.reset();
  };

  const score = result?.score ?? 0;
  const correct = result ? result.results.filter((r) => r.correct).length : 0;
  const icon = resultIcon(score);
  const Icon = icon === "crown" ? Crown : icon === "sword" ? Swords : Shield;

  if (waiting !== null) {
    return (
      <div className="course-quiz-result" role="status">
        <p className="course-quiz-score">Waiting to be graded</p>
        <p>You are offline. Your answers are kept on this device and sent to the server when the connection returns.</p>
        <p className="quiz-waiting">
          {waiting === 1 ? "1 attempt waiting to be graded." : `${waiting} attempts waiting to be graded.`}
        </p>
        <button type="button" className="btn" onClick={restart}>
          Take Quiz Again
        </button>
      </div>
    );
  }
  if (result) {
    return (
      <div className="course-quiz-result" role="status">
        <Icon aria-hidden="true" size={48} className={`result-icon result-${icon}`} />
        <p className="course-quiz-score">
          {correct} / {questions.length} correct ({score}%)
        </p>
        <p className="course-quiz-message">{resultMessage(score)}</p>
        <QuizReview questions={questions} answers={answers} result={result} />
        <button type="button" className="btn" onClick={restart}>
          Take Quiz Again
        </button>
      </div>
    );
  }
  if (!q) return null;
  return (
    <QuizQuestion
      legend={`Question ${index + 1} of ${questions.length}: ${q.question}`}
      options={q.options}
      name={`${name}-q${index}`}
      chosen={choice}
      onChoose={setChoice}
    >
      {grading.isError && (
        <p className="form-message error" role="alert">
          {grading.error.message}
        </p>
      )}
      <button type="button" className="btn" disabled={choice === null || grading.isPending} onClick={next}>
        {last ? "Finish Quiz" : "Next"}
      </button>
    </QuizQuestion>
  );
}
