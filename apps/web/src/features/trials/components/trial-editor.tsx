import type { ProjectFile } from "@koc/shared";
import { useId, useState } from "react";
import { CodeMirror } from "../../../components/code-editor/code-mirror";
import { FileTabs } from "../../../components/code-editor/file-tabs";
import "../../../components/code-editor/code-editor.css";

interface TrialEditorProps {
  language: string;
  code: string;
  onChange: (code: string) => void;
  onRun: () => void;
  onSubmit: () => void;
  label: string;
  /** A project trial: its files, one tab and one CodeMirror document each (`code` is then unused). */
  files?: readonly ProjectFile[] | undefined;
  onFileChange?: ((path: string, code: string) => void) | undefined;
}

/** The trial's editor: the code editor's CodeMirror with the draft; Ctrl+Enter runs, Ctrl+Shift+Enter submits. */
export default function TrialEditor({
  language,
  code,
  onChange,
  onRun,
  onSubmit,
  label,
  files,
  onFileChange,
}: TrialEditorProps) {
  const keysId = useId();
  const tabsId = useId();
  const [active, setActive] = useState(files?.find((f) => !f.readOnly)?.path ?? files?.[0]?.path ?? "");
  return (
    <div className="trial-editor">
      {files ? (
        <>
          <FileTabs files={files} active={active} onSelect={setActive} idPrefix={tabsId} label={`Files of ${label}`} />
          {/* Every file keeps its own mounted document (and its undo history); only the chosen one shows. */}
          {files.map((f, i) => (
            <div
              key={f.path}
              role="tabpanel"
              id={`${tabsId}-panel-${i}`}
              aria-labelledby={`${tabsId}-tab-${i}`}
              hidden={f.path !== active}
              className="file-panel"
            >
              <CodeMirror
                language={f.path.endsWith(".java") ? language : "text"}
                value={f.code}
                onChange={(text) => onFileChange?.(f.path, text)}
                onRun={onRun}
                onSubmit={onSubmit}
                label={`${f.path}${f.readOnly ? " (read-only)" : ""}: ${label}`}
                describedBy={keysId}
                readOnly={f.readOnly === true}
              />
            </div>
          ))}
        </>
      ) : (
        <CodeMirror
          language={language}
          value={code}
          onChange={onChange}
          onRun={onRun}
          onSubmit={onSubmit}
          label={label}
          describedBy={keysId}
        />
      )}
      <p id={keysId} className="code-editor-keys" data-testid="trial-keys">
        Ctrl+Enter runs, Ctrl+Shift+Enter submits (Cmd on Mac). Tab indents; to leave the editor with the keyboard,
        press Escape, then Tab.
      </p>
    </div>
  );
}
