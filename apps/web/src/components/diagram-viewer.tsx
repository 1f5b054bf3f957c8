import { Maximize2, X, ZoomIn, ZoomOut } from "lucide-react";
import { useRef, useState } from "react";
import "./diagram-viewer.css";

const ZOOMS = [1, 1.5, 2, 3, 4];

/**
 * A lesson diagram that opens full size on tap: a native modal <dialog> (focus kept inside, Escape
 * closes) whose picture pans by scrolling or dragging and zooms with + and − (and by pinching, as
 * any page does). No library: the browser's dialog does the work.
 */
export function DiagramViewer({ src, alt }: { src: string; alt: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [zoom, setZoom] = useState(0);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const open = () => {
    setZoom(0);
    dialog.current?.showModal();
  };
  return (
    <>
      <button type="button" className="diagram-open" onClick={open} aria-label={`Open the diagram full size: ${alt}`}>
        <img src={src} alt={alt} loading="lazy" decoding="async" />
        <span className="diagram-open-hint" aria-hidden="true">
          <Maximize2 size={16} />
        </span>
      </button>
      <dialog ref={dialog} className="diagram-dialog" aria-label={alt}>
        <div className="diagram-toolbar">
          <button
            type="button"
            className="btn btn-outline btn-small"
            onClick={() => setZoom((z) => Math.max(0, z - 1))}
            disabled={zoom === 0}
            aria-label="Zoom out"
          >
            <ZoomOut aria-hidden="true" size={18} />
          </button>
          <span className="diagram-zoom" aria-live="polite">
            {Math.round((ZOOMS[zoom] ?? 1) * 100)}%
          </span>
          <button
            type="button"
            className="btn btn-outline btn-small"
            onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
            disabled={zoom === ZOOMS.length - 1}
            aria-label="Zoom in"
          >
            <ZoomIn aria-hidden="true" size={18} />
          </button>
          <button type="button" className="btn btn-small" onClick={() => dialog.current?.close()} aria-label="Close">
            <X aria-hidden="true" size={18} />
          </button>
        </div>
        <div
          ref={stage}
          className="diagram-stage"
          // A drag with the mouse pans like a finger does (touch scrolls natively).
          onPointerDown={(e) => {
            if (e.pointerType === "mouse") drag.current = { x: e.clientX, y: e.clientY };
          }}
          onPointerMove={(e) => {
            const from = drag.current;
            if (!from || !stage.current) return;
            stage.current.scrollBy(from.x - e.clientX, from.y - e.clientY);
            drag.current = { x: e.clientX, y: e.clientY };
          }}
          onPointerUp={() => {
            drag.current = null;
          }}
          onPointerLeave={() => {
            drag.current = null;
          }}
        >
          <img src={src} alt="" className={`diagram-full zoom-${zoom}`} draggable={false} />
        </div>
      </dialog>
    </>
  );
}
