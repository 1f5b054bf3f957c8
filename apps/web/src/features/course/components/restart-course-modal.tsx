import { Modal } from "../../../components/modal";

interface RestartCourseModalProps {
  courseTitle: string;
  completed: number;
  xp: number;
  /** The POST is on its way: the choice is made, the buttons wait for the answer. */
  busy: boolean;
  /** The server refused or could not be reached; the progress is unchanged. */
  error?: string | undefined;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Says exactly what starting over takes away and what it keeps, before anything is reset. */
export function RestartCourseModal({
  courseTitle,
  completed,
  xp,
  busy,
  error,
  onCancel,
  onConfirm,
}: RestartCourseModalProps) {
  return (
    <Modal title="Start this course over?" onClose={onCancel}>
      <p>Begin {courseTitle} again from the first lesson. This clears, in this course only:</p>
      <ul className="unenroll-consequences">
        <li>
          your {completed} completed {completed === 1 ? "topic" : "topics"} and the {xp} XP they earned, and the
          achievements that go with them;
        </li>
        <li>your Knowledge Check scores and passes, and the course quiz;</li>
        <li>your passed trials and the hints and solutions you unlocked.</li>
      </ul>
      <p>
        You keep your enrolment, your certificates, your payments, and your saved code and trial attempts. This cannot
        be undone.
      </p>
      {error && (
        <p className="form-message error" role="alert">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
          Keep my progress
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
          {busy ? "Starting over..." : "Yes, start over"}
        </button>
      </div>
    </Modal>
  );
}
