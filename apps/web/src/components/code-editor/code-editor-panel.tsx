import { DEFAULT_JAVA_VERSION, type JavaVersion, javaVersion } from "@koc/shared";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { ExplainError } from "../../components/explain-error";
import { useEditorDraft } from "../../lib/drafts";
import { useShareWithMentor } from "../../lib/mentor-context";
import { execute } from "../../lib/run/execute";
import { preloadPython } from "../../lib/run/run-python";
import { useSession } from "../../lib/session";
import { CodeEditorFrame } from "./code-editor-frame";
import { CodeMirror } from "./code-mirror";
import { defaultSample, type EditorLanguage } from "./languages";

export interface CodeEditorPanelProps {
  /** java (default), javascript or python; anything else answers Language not supported yet. */
  language?: EditorLanguage;
  /** Starting code; without it the language's default sample. */
  initialCode?: string;
  /** Keeps the learner's edits as a draft (a lesson example's `example:{lesson}:{hash}`). */
  draftKey?: string;
}

/**
 * The reusable code-editor panel: an arena title, the Java-version
 * selector, Execute / Clear / Reset, a CodeMirror editor 300px high, the output console and the tip.
 * Give it a `key` of the language when the language can change, so it starts over with that sample.
 */
export default function CodeEditorPanel({ language = "java", initialCode, draftKey }: CodeEditorPanelProps) {
  const [version, setVersion] = useState<JavaVersion>(DEFAULT_JAVA_VERSION);
  const { user } = useSession();
  // An edited lesson example is kept as a draft: in this browser, and on the server for a learner.
  const draft = useEditorDraft(
    draftKey ?? null,
    language,
    initialCode ?? defaultSample(language),
    user ? user.email : null,
  );
  const [code, setCodeState] = useState(draft.seed.text);
  // Execute reads the code the editor holds now, even if React has not re-rendered since the last edit.
  const latestCode = useRef(code);
  const setCode = useCallback(
    (value: string) => {
      latestCode.current = value;
      setCodeState(value);
      draft.change(value);
    },
    [draft.change],
  );
  // A newer draft from another device arrives after the first paint.
  useEffect(() => {
    latestCode.current = draft.seed.text;
    setCodeState(draft.seed.text);
  }, [draft.seed]);
  const [output, setOutput] = useState("");
  // An error in the console goes to Kattappa with the question (its exception or compiler message).
  const lastError = /error|exception|traceback/i.test(output) ? output : undefined;
  useShareWithMentor({ code, language, lastError });
  const [isRunning, setIsRunning] = useState(false);
  const [progress, setProgress] = useState("");
  const running = useRef(false);
  const ids = useId();
  const titleId = `${ids}-title`;
  const keysId = `${ids}-keys`;

  // Python's runtime is large: it starts loading the moment Python is chosen, with its progress shown.
  useEffect(() => (language === "python" ? preloadPython(setProgress) : undefined), [language]);

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setIsRunning(true);
    setOutput("Executing code...");
    try {
      setOutput(await execute(language, latestCode.current, version, setProgress));
    } finally {
      setProgress("");
      running.current = false;
      setIsRunning(false);
    }
  }, [language, version]);

  const changeVersion = (value: string) => {
    const next = javaVersion.safeParse(value);
    if (!next.success) return;
    setVersion(next.data);
    setCode(defaultSample("java", next.data));
  };

  const reset = () => {
    setCode(defaultSample(language, version));
    setOutput("");
  };

  return (
    <CodeEditorFrame
      language={language}
      titleId={titleId}
      keysId={keysId}
      controls={{
        version,
        onVersion: changeVersion,
        running: isRunning,
        onRun: run,
        onClear: () => setOutput(""),
        onReset: reset,
      }}
      editor={
        <CodeMirror
          language={language}
          value={code}
          onChange={setCode}
          onRun={run}
          label={`${language} code editor`}
          describedBy={keysId}
        />
      }
      progress={progress}
      output={
        <>
          {output && (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the output scrolls, so keyboard users must be able to reach it.
            <pre className="code-editor-output" data-testid="code-output" tabIndex={0}>
              {output}
            </pre>
          )}
          {lastError && !isRunning && <ExplainError language={language} code={code} error={lastError} />}
        </>
      }
    />
  );
}
