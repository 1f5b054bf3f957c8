import { useId } from "react";
import { CodeMirror } from "../../../components/code-editor/code-mirror";
import "../../../components/code-editor/code-editor.css";

interface TrialEditorProps {
  language: string;
  code: string;
  onChange: (code: string) => void;
  onRun: () => void;
  onSubmit: () => void;
  label: string;
}

/** The trial's editor: the code editor's CodeMirror with the draft; Ctrl+Enter runs, Ctrl+Shift+Enter submits. */
export default function TrialEditor({ language, code, onChange, onRun, onSubmit, label }: TrialEditorProps) {
  const keysId = useId();
  return (
    <div className="trial-editor">
      <CodeMirror
        language={language}
        value={code}
        onChange={onChange}
        onRun={onRun}
        onSubmit={onSubmit}
        label={label}
        describedBy={keysId}
      />
      <p id={keysId} className="code-editor-keys" data-testid="trial-keys">
        Ctrl+Enter runs, Ctrl+Shift+Enter submits (Cmd on Mac). Tab indents; to leave the editor with the keyboard,
        press Escape, then Tab.
      </p>
    </div>
  );
}
