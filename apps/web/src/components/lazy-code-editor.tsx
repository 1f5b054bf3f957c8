import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { CodeEditorFrameLoading } from "./code-editor/code-editor-frame";
import type { EditorLanguage } from "./code-editor/languages";
import "./lazy-code-editor.css";

/** The editor (CodeMirror and its runners) loads only when a page actually shows it. */
const loadPanel = () => import("./code-editor/code-editor-panel");
const CodeEditorPanel = lazy(loadPanel);

export interface LazyCodeEditorProps {
  language?: EditorLanguage;
  initialCode?: string;
  /** Keeps the learner's edits as a draft under this key (see lib/drafts). */
  draftKey?: string;
}

/** How far below the screen the editor starts loading, so it is ready when the learner gets there. */
const LOAD_MARGIN = "400px 0px";

/**
 * The course page's editor stays off the path to the first paint: the panel's own frame, its
 * controls disabled and a box for the editor, holds its place (so nothing below it moves when the
 * editor arrives), and CodeMirror loads when the placeholder nears the screen or the learner points
 * at, touches or tabs into it.
 */
export function LazyCodeEditor(props: LazyCodeEditorProps) {
  const [show, setShow] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    const element = placeholder.current;
    if (show || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setShow(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setShow(true);
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [show]);

  const fallback = <CodeEditorFrameLoading language={props.language ?? "java"} id={id} />;
  if (!show) {
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: pointing at or touching the placeholder only starts the download early
      <div
        ref={placeholder}
        className="code-editor-placeholder"
        onPointerEnter={() => void loadPanel()}
        onTouchStart={() => setShow(true)}
        onFocus={() => setShow(true)}
      >
        {fallback}
      </div>
    );
  }
  return (
    <Suspense fallback={<div className="code-editor-placeholder">{fallback}</div>}>
      <CodeEditorPanel {...props} />
    </Suspense>
  );
}
