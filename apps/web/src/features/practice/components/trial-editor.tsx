import { useId } from "react";
import { CodeMirror } from "../../code-editor/code-mirror";
import "../../code-editor/code-editor.css";

interface TrialEditorProps {
  language: string;
  code: string;
  onChange: (code: string) => void;
  onSubmit: () => void;
  label: string;
}

/** The trial's editor: the code editor's CodeMirror, preloaded with the starter; Ctrl+Enter submits. */
export default function TrialEditor({ language, code, onChange, onSubmit, label }: TrialEditorProps) {
  const keysId = useId();
  return (
    <div className="trial-editor">
      <CodeMirror
        language={language}
        value={code}
        onChange={onChange}
        onRun={onSubmit}
        label={label}
        describedBy={keysId}
      />
      <p id={keysId} className="code-editor-keys">
        Ctrl+Enter (Cmd+Enter on Mac) submits. Tab indents; to leave the editor with the keyboard, press Escape, then
        Tab.
      </p>
    </div>
  );
}
