import { DEFAULT_JAVA_VERSION, type JavaVersion, javaVersion } from "@koc/shared";
import type { ReactNode } from "react";
import { type EditorLanguage, JAVA_VERSION_LABELS } from "./languages";
import "./code-editor.css";

/** Without its handlers, a control is drawn disabled (while the editor loads). */
export interface EditorControls {
  version: JavaVersion;
  onVersion?: (value: string) => void;
  running?: boolean;
  onRun?: () => void;
  onClear?: () => void;
  onReset?: () => void;
}

export interface CodeEditorFrameProps {
  language: EditorLanguage;
  titleId: string;
  keysId: string;
  /** The toolbar's controls after the title: the Java version and Execute, Clear, Reset. */
  controls: EditorControls;
  /** CodeMirror, or the box that holds its place while it loads. */
  editor: ReactNode;
  /** What the runner is doing (Python's download, say); empty takes no room. */
  progress: string;
  /** The output console and what explains its error, in a live region. */
  output?: ReactNode;
}

/**
 * The editor panel's frame: the arena title and its controls, the editor, the keys it answers, the
 * output and the tip. The panel (code-editor-panel.tsx) and the placeholder that holds its place while
 * CodeMirror loads (lazy-code-editor.tsx) both draw it, so the page below does not move when the
 * editor arrives, at any width.
 */
export function CodeEditorFrame({
  language,
  titleId,
  keysId,
  controls,
  editor,
  progress,
  output,
}: CodeEditorFrameProps) {
  return (
    <section className="code-editor-panel" aria-labelledby={titleId}>
      <div className="code-editor-toolbar">
        <h2 id={titleId} className="code-editor-title">
          {`${language.toUpperCase()} ARENA`}
        </h2>
        {language === "java" && (
          <label className="code-editor-version">
            <span>Java version</span>
            <select
              className="input"
              value={controls.version}
              disabled={!controls.onVersion}
              onChange={(e) => controls.onVersion?.(e.target.value)}
            >
              {javaVersion.options.map((v) => (
                <option key={v} value={v}>
                  {JAVA_VERSION_LABELS[v]}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="code-editor-actions">
          <button
            type="button"
            className="btn btn-small"
            onClick={controls.onRun}
            disabled={!controls.onRun || controls.running}
          >
            {controls.running ? "Running..." : "Execute"}
          </button>
          {(
            [
              ["Clear", controls.onClear],
              ["Reset", controls.onReset],
            ] as const
          ).map(([label, action]) => (
            <button key={label} type="button" className="btn btn-outline btn-small" onClick={action} disabled={!action}>
              {label}
            </button>
          ))}
        </div>
      </div>
      {editor}
      <p id={keysId} className="code-editor-keys">
        Ctrl+Enter (Cmd+Enter on Mac) executes. Tab indents; to leave the editor with the keyboard, press Escape, then
        Tab, or press Ctrl+M (Shift+Alt+M on Mac) so that Tab moves focus.
      </p>
      <p className="code-editor-progress" role="status">
        {progress}
      </p>
      <section aria-live="polite" aria-label="Output">
        {output}
      </section>
      <p className="code-editor-tip">
        Tip: write your code and click Execute to see the output. Java, JavaScript and Python are supported.
      </p>
    </section>
  );
}

/**
 * The frame while CodeMirror loads: the same controls, disabled, and a box of the editor's size that
 * says it is loading. Python's runtime starts loading with the editor, and its progress line with it.
 */
export function CodeEditorFrameLoading({ language, id }: { language: EditorLanguage; id: string }) {
  return (
    <CodeEditorFrame
      language={language}
      titleId={`${id}-title`}
      keysId={`${id}-keys`}
      controls={{ version: DEFAULT_JAVA_VERSION }}
      editor={
        <div className="code-editor-loading-box">
          <p className="code-editor-loading">Loading the code editor...</p>
        </div>
      }
      progress={language === "python" ? "Loading Python..." : ""}
    />
  );
}
