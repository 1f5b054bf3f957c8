import type { CourseProgress, MaterialDetail, MaterialSummary } from "@koc/shared";
import { BookOpen, CheckCircle2, ChevronDown, CircleDashed, Crown, Flag } from "lucide-react";
import { LessonBody } from "./lesson-body";
import { LessonNav } from "./lesson-nav";
import { UpgradePrompt } from "./upgrade-prompt";

export const COMPLETION_HINT = "Complete the Knowledge Quiz with 80% to unlock completion button";
/** Why the completion button still says Locked: shown on hover and focus, and read as its description. */
export const LOCKED_REASON = "Pass the Knowledge Check with 80% to complete this lesson";
const PREMIUM_LOCKED =
  "This lesson is part of a premium course. Upgrade to Lifetime Premium to read every lesson; the first lesson stays free to preview.";

interface MaterialRowProps {
  material: MaterialSummary;
  /** Who reads (visitor, free or premium learner): part of the lesson's query key. */
  viewer: string;
  number: number;
  progress: CourseProgress;
  expanded: boolean;
  /** The first lesson not yet completed: where the learner goes on from. */
  current: boolean;
  previous: MaterialSummary | undefined;
  next: MaterialSummary | undefined;
  onToggle: () => void;
  onComplete: () => void;
  onUncomplete: () => void;
  onTakeQuiz: (lesson: MaterialDetail) => void;
  onTrialPassed?: ((firstPass: boolean) => void) | undefined;
  focusFirstExample?: boolean | undefined;
}

/**
 * The Locked completion button: it stays focusable (aria-disabled, not disabled), so its reason
 * shows on hover and on focus and is read as its description. Its mark is an open circle (not yet
 * done), never a padlock: the lesson itself is open to read.
 */
function LockedButton({ id, className, label }: { id: string; className: string; label?: string }) {
  return (
    <span className="locked-wrap">
      <button type="button" className={className} aria-disabled="true" aria-label={label} aria-describedby={id}>
        <CircleDashed aria-hidden="true" size={14} /> Locked
      </button>
      <span id={id} role="tooltip" className="locked-reason">
        {LOCKED_REASON}
      </span>
    </span>
  );
}

/** One accordion row: number, title, Locked / Complete / Completed button, type badge, arrow. */
export function MaterialRow(props: MaterialRowProps) {
  const { material, viewer, number, progress, expanded, current, onToggle, onComplete, onUncomplete } = props;
  const { onTakeQuiz, onTrialPassed, focusFirstExample, previous, next } = props;
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
    <LockedButton
      id={`locked-reason-${material._id}`}
      className="row-status locked"
      label={`Locked: ${material.title}`}
    />
  );

  return (
    <li
      id={`material-${material._id}`}
      className={`material-row${expanded ? " expanded" : ""}${completed ? " done" : ""}${current ? " current" : ""}`}
      aria-current={current ? "step" : undefined}
    >
      <div className="material-row-header">
        <h3 className="material-row-heading">
          <button
            type="button"
            className="material-toggle"
            aria-expanded={expanded}
            aria-controls={bodyId}
            aria-label={`${number}. ${material.title}`}
            onClick={onToggle}
            onDoubleClick={unlocked ? onComplete : undefined}
          >
            <span className="material-number" aria-hidden="true">
              {number}
            </span>
            <span className="material-title">{material.title}</span>
            <ChevronDown aria-hidden="true" className="material-arrow" size={20} />
          </button>
        </h3>
        <span className="material-row-marks">
          {current && (
            <span className="row-mark current-mark">
              <Flag aria-hidden="true" size={14} /> Up next
            </span>
          )}
          {material.open ? (
            <span className="row-mark open-mark">
              <BookOpen aria-hidden="true" size={14} /> Open to read
            </span>
          ) : (
            <span className="row-mark premium-mark">
              <Crown aria-hidden="true" size={14} /> Premium
            </span>
          )}
          <span className="badge badge-steel">{material.type}</span>
          {statusButton}
        </span>
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
                <LockedButton id={`completion-reason-${material._id}`} className="btn" />
                <p className="completion-hint">{COMPLETION_HINT}</p>
              </>
            )}
          </section>
          <LessonNav courseId={material.courseId} previous={previous} next={next} />
        </div>
      )}
    </li>
  );
}
