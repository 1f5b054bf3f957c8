import { type ReactNode, useId, useLayoutEffect, useRef } from "react";
import "./modal.css";

const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** CSS max width, e.g. "600px" for the quiz overlay. */
  maxWidth?: string;
  className?: string;
  /** Accessible label when the visible title is not plain text. */
  label?: string;
}

/**
 * A native modal <dialog>, open while it is rendered: the browser keeps focus and Tab inside it,
 * makes the rest of the page inert, and turns Escape into a `cancel` (which asks the owner to close
 * it). Focus starts on its first control and goes back to whatever opened it; a click on the
 * backdrop closes it too.
 */
export function Modal({ title, onClose, children, maxWidth = "560px", className, label }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // Layout effect: its cleanup closes the dialog before React removes it, so the page is live again.
  useLayoutEffect(() => {
    const node = dialog.current;
    if (!node) return;
    const opener = document.activeElement as HTMLElement | null;
    // jsdom has no showModal: the dialog is then simply shown.
    if (typeof node.showModal === "function") node.showModal();
    else node.setAttribute("open", "");
    node.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      if (typeof node.close === "function") node.close();
      else node.removeAttribute("open");
      document.body.style.overflow = overflow;
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={label ? undefined : titleId}
      aria-label={label}
      style={{ maxWidth }}
      onCancel={(e) => {
        // Escape: the owner decides (it unmounts the dialog, or keeps it while busy).
        e.preventDefault();
        onClose();
      }}
      // The panel fills the dialog, so a press on the dialog itself is one on its backdrop.
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className={`modal-panel ${className ?? ""}`}>
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
