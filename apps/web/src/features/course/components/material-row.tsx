import type { CourseProgress, MaterialDetail, MaterialSummary } from "@koc/shared";
import { CheckCircle2, ChevronDown, Lock } from "lucide-react";
import { LessonBody } from "./lesson-body";
import { UpgradePrompt } from "./upgrade-prompt";

export const COMPLETION_HINT = "Complete the Knowledge Quiz with 80% to unlock completion button";
const PREMIUM_LOCKED =
  "This lesson is part of a premium course. Upgrade to Lifetime Premium to read every lesson; the first lesson stays free to preview.";

interface MaterialRowProps {
  material: MaterialSummary;
  /** Who reads (visitor, free or premium learner): part of the lesson's query key. */
  viewer: string;
  number: number;
  progress: CourseProgress;
  expanded: boolean;
  onToggle: () => void;
  onComplete: () => void;
  onUncomplete: () => void;
  onTakeQuiz: (lesson: MaterialDetail) => void;
  onTrialPassed?: ((firstPass: boolean) => void) | undefined;
  focusFirstExample?: boolean | undefined;
}

/** One accordion row: number, title, Locked / Complete / Completed button, type badge, arrow. */
export function MaterialRow(props: MaterialRowProps) {
  const { material, viewer, number, progress, expanded, onToggle, onComplete, onUncomplete, onTakeQuiz } = props;
  const { onTrialPassed, focusFirstExample } = props;
  const completed = progress.completed.includes(material._id);
  const unlocked = progress.knowledgeUnlocked.includes(material._id);
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
            onDoubleClick={unlocked ? onComplete : undefined}
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
          {material.open ? (
            <LessonBody
              material={material}
              viewer={viewer}
              progress={progress}
              onTakeQuiz={onTakeQuiz}
              onTrialPassed={onTrialPassed}
              focusFirstExample={focusFirstExample}
            />
          ) : (
            <UpgradePrompt message={PREMIUM_LOCKED} />
          )}
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
