import { type CourseProgress, isPassing, type Material } from "@koc/shared";
import { CheckCircle2, ChevronDown, Lock, Swords } from "lucide-react";
import { TutorialRenderer } from "../../../components/tutorial-renderer";

export const COMPLETION_HINT = "Complete the Knowledge Quiz with 80% to unlock completion button";

interface MaterialRowProps {
  material: Material;
  number: number;
  progress: CourseProgress;
  expanded: boolean;
  onToggle: () => void;
  onComplete: () => void;
  onUncomplete: () => void;
  onTakeQuiz: () => void;
}

/** One accordion row: number, title, Locked / Complete / Completed button, type badge, arrow. */
export function MaterialRow(props: MaterialRowProps) {
  const { material, number, progress, expanded, onToggle, onComplete, onUncomplete, onTakeQuiz } = props;
  const completed = progress.completed.includes(material._id);
  const unlocked = progress.knowledgeUnlocked.includes(material._id);
  const score = progress.topicProgress[material._id];
  const bodyId = `material-body-${material._id}`;

  const statusButton = completed ? (
    <button
      type="button"
      className="row-status completed"
      onClick={onUncomplete}
      aria-label={`Completed: ${material.title}`}
    >
      <CheckCircle2 aria-hidden="true" size={16} /> Completed
    </button>
  ) : unlocked ? (
    <button
      type="button"
      className="row-status complete"
      onClick={onComplete}
      aria-label={`Complete: ${material.title}`}
    >
      Complete
    </button>
  ) : (
    <button type="button" className="row-status locked" disabled aria-label={`Locked: ${material.title}`}>
      <Lock aria-hidden="true" size={14} /> Locked
    </button>
  );

  return (
    <li
      id={`material-${material._id}`}
      className={`material-row${expanded ? " expanded" : ""}${completed ? " done" : ""}`}
    >
      <div className="material-row-header">
        <h3 className="material-row-heading">
          <button
            type="button"
            className="material-toggle"
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={onToggle}
            onDoubleClick={onComplete}
          >
            <span className="material-number">{number}</span>
            <span className="material-title">{material.title}</span>
            <span className="badge badge-steel">{material.type}</span>
            <ChevronDown aria-hidden="true" className="material-arrow" size={20} />
          </button>
        </h3>
        {statusButton}
      </div>
      {expanded && (
        <div id={bodyId} className="material-body">
          <article className="lesson-surface" aria-label={`Lesson: ${material.title}`}>
            {material.content ? (
              <TutorialRenderer markdown={material.content} />
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
            {material.quiz.length === 0 ? (
              <p>This topic has no quiz yet.</p>
            ) : unlocked ? (
              <p className="form-message success">Knowledge unlocked with {score ?? 100}%. Well fought!</p>
            ) : score !== undefined ? (
              <p>
                Current progress: <strong>{score}%</strong>
                {!isPassing(score) && " (80% needed to unlock)"}
              </p>
            ) : (
              <p>Not attempted yet. Answer {material.quiz.length} questions and score 80% to unlock this topic.</p>
            )}
            {material.quiz.length > 0 && (
              <button type="button" className="btn btn-outline" onClick={onTakeQuiz}>
                {score === undefined ? "Take Knowledge Quiz" : "Retake Knowledge Quiz"}
              </button>
            )}
          </section>
          <section className="completion-area" aria-label="Completion">
            {unlocked || completed ? (
              <button
                type="button"
                className={completed ? "btn btn-outline" : "btn"}
                aria-pressed={completed}
                onClick={completed ? onUncomplete : onComplete}
              >
                <CheckCircle2 aria-hidden="true" size={18} /> {completed ? "Topic Completed" : "Mark as Completed"}
              </button>
            ) : (
              <>
                <button type="button" className="btn" disabled>
                  <Lock aria-hidden="true" size={18} /> Locked
                </button>
                <p className="completion-hint">{COMPLETION_HINT}</p>
              </>
            )}
          </section>
        </div>
      )}
    </li>
  );
}
