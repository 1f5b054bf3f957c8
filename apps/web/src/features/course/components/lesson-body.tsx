import type { CourseProgress, MaterialDetail, MaterialSummary } from "@koc/shared";
import { isPassing } from "@koc/shared";
import { useQuery } from "@tanstack/react-query";
import { Swords } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { SqlExamplesContext } from "../../../components/sql-example";
import { TutorialRenderer } from "../../../components/tutorial-renderer";
import { ApiError } from "../../../lib/api-client";
import { useSlot } from "../../../lib/slots";
import { materialQuery } from "../api/get-material";
import { UpgradePrompt } from "./upgrade-prompt";

interface LessonBodyProps {
  material: MaterialSummary;
  viewer: string;
  progress: CourseProgress;
  onTakeQuiz: (lesson: MaterialDetail) => void;
  /** A trial of this topic passed (firstPass: a signed-in learner's first, which adds xp). */
  onTrialPassed?: ((firstPass: boolean) => void) | undefined;
  /** Opened from a "run your first program" link: bring the first runnable example into view. */
  focusFirstExample?: boolean | undefined;
}

/** The opened lesson: its Markdown and knowledge check, fetched when the learner opens it. */
export function LessonBody({
  material,
  viewer,
  progress,
  onTakeQuiz,
  onTrialPassed,
  focusFirstExample,
}: LessonBodyProps) {
  const TopicTrials = useSlot("TopicTrials");
  const lesson = useQuery(materialQuery(material._id, viewer));
  const unlocked = progress.knowledgeUnlocked.includes(material._id);
  const score = progress.topicProgress[material._id];
  const article = useRef<HTMLElement>(null);
  const content = lesson.data?.content;

  const focusRun = useCallback(() => {
    if (!focusFirstExample) return;
    const run = article.current?.querySelector<HTMLButtonElement>("[data-runnable]");
    if (!run) return;
    // Instant, not smooth: the page is still settling (the editor above loads lazily), and the
    // browser's scroll anchoring keeps an instant position while a smooth one would stop short.
    run.scrollIntoView({ block: "center" });
    run.focus({ preventScroll: true });
  }, [focusFirstExample]);
  // When the lesson is drawn (its Markdown grammar may still be loading when the text arrives), and
  // again when the address asks for the example on a lesson already drawn.
  useEffect(() => {
    if (content) focusRun();
  }, [focusRun, content]);

  if (lesson.isPending) {
    return (
      <p className="course-state" role="status">
        Loading lesson...
      </p>
    );
  }
  if (lesson.isError) {
    const err = lesson.error;
    if (err instanceof ApiError && err.status === 403) return <UpgradePrompt message={err.message} />;
    return (
      <div role="alert" className="form-message error">
        <p>{err instanceof ApiError && err.status === 404 ? "This lesson no longer exists." : err.message}</p>
        {!(err instanceof ApiError && err.status === 404) && (
          <button type="button" className="btn btn-outline" onClick={() => lesson.refetch()}>
            Retry
          </button>
        )}
      </div>
    );
  }
  const data = lesson.data;

  return (
    <>
      <article ref={article} className="lesson-surface" aria-label={`Lesson: ${material.title}`}>
        {data.content ? (
          // A SQL lesson with tables: its ```sql examples run in place, on those tables.
          <SqlExamplesContext.Provider
            value={data.sqlExamples ? { course: material.courseId, lesson: material._id } : null}
          >
            <TutorialRenderer markdown={data.content} onDrawn={focusRun} />
          </SqlExamplesContext.Provider>
        ) : (
          <div className="coming-soon">
            <p className="coming-soon-title">Content Coming Soon</p>
            <p>The royal scribes are still writing this lesson. Check back soon, warrior!</p>
          </div>
        )}
      </article>
      <section className="knowledge-check" aria-label="Knowledge Check">
        <h4>
          <Swords aria-hidden="true" size={18} /> Knowledge Check
        </h4>
        {data.quiz.length === 0 ? (
          <p>This topic has no quiz yet.</p>
        ) : unlocked ? (
          <p className="form-message success">Knowledge unlocked with {score ?? 100}%. Well fought!</p>
        ) : score !== undefined ? (
          <p>
            Current progress: <strong>{score}%</strong>
            {!isPassing(score) && " (80% needed to unlock)"}
          </p>
        ) : (
          <p>Not attempted yet. Answer {data.quiz.length} questions and score 80% to unlock this topic.</p>
        )}
        {data.quiz.length > 0 && (
          <button type="button" className="btn btn-outline" onClick={() => onTakeQuiz(data)}>
            {score === undefined ? "Take Knowledge Quiz" : "Retake Knowledge Quiz"}
          </button>
        )}
      </section>
      <TopicTrials courseId={material.courseId} materialId={material._id} onPassed={onTrialPassed} />
    </>
  );
}
