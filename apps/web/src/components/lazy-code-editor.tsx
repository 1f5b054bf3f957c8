import { lazy, Suspense } from "react";

/** The editor (CodeMirror and its runners) loads only when a page actually shows it. */
const CodeEditorPanel = lazy(() => import("../features/code-editor/code-editor-panel"));

export interface LazyCodeEditorProps {
  language?: "java" | "javascript" | "python";
  initialCode?: string;
}

export function LazyCodeEditor(props: LazyCodeEditorProps) {
  return (
    <Suspense fallback={<p className="code-editor-loading">Loading the code editor...</p>}>
      <CodeEditorPanel {...props} />
    </Suspense>
  );
}
