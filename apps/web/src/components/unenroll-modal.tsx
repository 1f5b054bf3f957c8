import { Modal } from "./modal";

interface UnenrollModalProps {
  courseTitle: string;
  /** The DELETE is on its way: the choice is made, the buttons wait for the answer. */
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function UnenrollModal({ courseTitle, busy = false, onCancel, onConfirm }: UnenrollModalProps) {
  return (
    <Modal title="Warning: Unenroll Course" onClose={onCancel}>
      <p>Are you sure you want to unenroll from {courseTitle}?</p>
      <p>This will:</p>
      <ul className="unenroll-consequences">
        <li>Reset all progress</li>
        <li>Clear completed lessons</li>
        <li>Remove certificate eligibility</li>
        <li>Delete saved course data</li>
      </ul>
      <div className="modal-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
          {busy ? "Unenrolling..." : "Yes, Unenroll"}
        </button>
      </div>
    </Modal>
  );
}
