import { type CourseProgress, levelFor, percentComplete, xpToNextLevel } from "@koc/shared";
import { Crown, Flame, RotateCcw, Star } from "lucide-react";
import { Link } from "react-router";
import { AchievementList } from "../../../components/achievement-list";
import { ProgressBar } from "../../../components/progress-bar";

interface ProgressTrackerProps {
  progress: CourseProgress;
  total: number;
  onUnenroll?: (() => void) | undefined;
  /** "Start this course over": offered to an enrolled, signed-in learner. */
  onRestart?: (() => void) | undefined;
  /** The server copy of the progress: saved, offline (waiting), failing and retrying, refused or given up. */
  saveNote?: string | undefined;
  /** The first lesson not yet completed, and its address. */
  next?: { title: string; to: string } | undefined;
}

/** xp, level, streak, completion and the four achievements. */
export function ProgressTracker({ progress, total, onUnenroll, onRestart, saveNote, next }: ProgressTrackerProps) {
  const done = progress.completed.length;
  const percent = percentComplete(done, total);
  return (
    <section className="progress-tracker card" aria-labelledby="progress-title">
      <h2 id="progress-title">Your Progress</h2>
      <div className="progress-bar-wrap">
        <ProgressBar percent={percent} label="Course completion" />
        <p className="progress-count">
          {done} of {total} topics completed ({percent}%)
        </p>
        {next && (
          <p className="progress-next">
            Next: <Link to={next.to}>{next.title}</Link>
          </p>
        )}
      </div>
      <dl className="progress-stats">
        <div>
          <dt>
            <Star aria-hidden="true" size={16} /> XP
          </dt>
          <dd data-testid="xp">{progress.xp}</dd>
        </div>
        <div>
          <dt>
            <Crown aria-hidden="true" size={16} /> Level
          </dt>
          <dd data-testid="level">{levelFor(progress.xp)}</dd>
        </div>
        <div>
          <dt>
            <Flame aria-hidden="true" size={16} /> Streak
          </dt>
          <dd data-testid="streak">{progress.streak}</dd>
        </div>
        <div>
          <dt>Next level in</dt>
          <dd>{xpToNextLevel(progress.xp)} XP</dd>
        </div>
      </dl>
      <AchievementList percent={percent} />
      <p className="progress-save" role="status">
        {saveNote}
      </p>
      {(onRestart || onUnenroll) && (
        <div className="progress-actions">
          {onRestart && (
            <button type="button" className="btn btn-outline btn-small" onClick={onRestart}>
              <RotateCcw aria-hidden="true" size={16} /> Start this course over
            </button>
          )}
          {onUnenroll && (
            <button type="button" className="btn btn-danger btn-small" onClick={onUnenroll}>
              Unenroll Course
            </button>
          )}
        </div>
      )}
    </section>
  );
}
