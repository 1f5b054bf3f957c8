import { Modal } from "../../../components/modal";

interface UnenrollModalProps {
  courseTitle: string;
  onCancel: () => void;
  onConfirm: () => void;
}

export function UnenrollModal({ courseTitle, onCancel, onConfirm }: UnenrollModalProps) {
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
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          Yes, Unenroll
        </button>
      </div>
    </Modal>
  );
}
