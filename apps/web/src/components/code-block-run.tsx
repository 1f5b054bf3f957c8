import { DEFAULT_JAVA_VERSION, type JavaVersion } from "@koc/shared";
import { Pencil } from "lucide-react";
import { createContext, useCallback, useContext, useRef, useState } from "react";
import { BlockButton, RunBlockButton } from "./block-button";
import { ExplainError, showsError } from "./explain-error";

export type RunnableLanguage = "java" | "javascript" | "python";

/** Fence labels we can run, and the runner each one goes to (a Map: no label finds Object.prototype). */
const RUNNABLE = new Map<string, RunnableLanguage>([
  ["java", "java"],
  ["javascript", "javascript"],
  ["js", "javascript"],
  ["python", "python"],
  ["py", "python"],
  ["python3", "python"],
]);

export const runnableLanguage = (lang: string): RunnableLanguage | null => RUNNABLE.get(lang.toLowerCase()) ?? null;

export interface CodeActions {
  /** Java runs with the course's default version. */
  javaVersion: JavaVersion;
  /** Opens the block in the page's editor panel; without it there is no Edit button. */
  onEdit?: (language: RunnableLanguage, code: string) => void;
}

/**
 * Where a page provides this, the renderer's runnable code blocks get Run (and Edit) buttons. Off by
 * default, so quiz questions ("what does this print?") and chat answers stay plain text.
 */
export const CodeActionsContext = createContext<CodeActions | null>(null);

export const DEFAULT_CODE_ACTIONS: CodeActions = { javaVersion: DEFAULT_JAVA_VERSION };

export interface BlockRun {
  language: RunnableLanguage;
  code: string;
  actions: CodeActions;
  running: boolean;
  output: string;
  progress: string;
  run: () => void;
  clear: () => void;
}

/**
 * A code block's Run state: the block's code as it stands, through the editor's runners. `javaVersion`
 * overrides the page's version for an example that needs a newer release (```java release=21).
 */
export function useBlockRun(lang: string, code: string, stdin?: string, javaVersion?: JavaVersion): BlockRun | null {
  const actions = useContext(CodeActionsContext);
  const language = runnableLanguage(lang);
  const [output, setOutput] = useState("");
  const [progress, setProgress] = useState("");
  const [running, setRunning] = useState(false);
  const busy = useRef(false);

  const run = useCallback(async () => {
    if (busy.current || !language || !actions) return;
    busy.current = true;
    setRunning(true);
    setOutput("Executing code...");
    try {
      // The runners (sandbox frame, Pyodide worker, Java client) load on the first Run only.
      const { execute } = await import("../lib/run/execute");
      setOutput(await execute(language, code, javaVersion ?? actions.javaVersion, setProgress, stdin));
    } catch (error) {
      setOutput(`Error: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setProgress("");
      busy.current = false;
      setRunning(false);
    }
  }, [language, code, stdin, actions, javaVersion]);

  const clear = useCallback(() => setOutput(""), []);

  if (!language || !actions) return null;
  return { language, code, actions, running, output, progress, run: () => void run(), clear };
}

/** Run and Edit, beside Copy in the block's bar. */
export function RunButtons({ block }: { block: BlockRun }) {
  const { onEdit } = block.actions;
  return (
    <>
      <RunBlockButton language={block.language} running={block.running} onClick={block.run} />
      {onEdit && (
        <BlockButton
          icon={Pencil}
          label="Edit"
          onClick={() => onEdit(block.language, block.code)}
          aria-label={`Edit ${block.language} example in the code editor`}
        />
      )}
    </>
  );
}

/** The example's output under the block: the editor console's messages, announced when they change. */
export function RunOutput({ block }: { block: BlockRun }) {
  return (
    <>
      {block.progress && (
        <p className="code-run-progress" role="status">
          {block.progress}
        </p>
      )}
      <div className="code-run-output-region" aria-live="polite">
        {block.output && (
          <div className="code-run-output">
            <div className="code-run-output-bar">
              <span>Output</span>
              <button type="button" className="code-copy" onClick={block.clear} disabled={block.running}>
                Clear
              </button>
            </div>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the output scrolls, so keyboard users must reach it */}
            <pre tabIndex={0} data-testid="example-output">
              {block.output}
            </pre>
            {!block.running && showsError(block.output) && (
              <ExplainError language={block.language} code={block.code} error={block.output} />
            )}
          </div>
        )}
      </div>
    </>
  );
}
