/// <reference lib="webworker" />
/**
 * Runs Python with Pyodide (CPython in WebAssembly) off the main thread. Pyodide's files come
 * from our own origin (copied out of the npm package at build time, see vite.config.ts).
 */
import type { PyodideAPI } from "pyodide";

/** `load` starts the runtime early (the learner picked Python); `run` runs code once it is ready. */
export type PythonRequest = { type: "load" } | { type: "run"; id: number; code: string; stdin?: string | undefined };
export type PythonReply =
  | { type: "progress"; text: string }
  | { type: "result"; id: number; stdout: string[]; error?: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const base: string = import.meta.env.PYODIDE_BASE ?? "/assets/pyodide/";
let ready: Promise<PyodideAPI> | null = null;
let sink: string[] = [];
let sinkSize = 0;
const OUTPUT_LIMIT_CHARS = 100_000;
/** Keeps output up to the limit; a print loop then runs into the time limit instead of filling memory. */
const collect = (line: string) => {
  if (sinkSize > OUTPUT_LIMIT_CHARS) return;
  sinkSize += line.length + 1;
  sink.push(sinkSize > OUTPUT_LIMIT_CHARS ? "(Output truncated: more than 100000 characters.)" : line);
};

const progress = (text: string) => scope.postMessage({ type: "progress", text } satisfies PythonReply);

/** Downloads a file into the HTTP cache while reporting progress; Pyodide then reads it from there. */
async function prefetch(file: string, label: string, share: [number, number]): Promise<void> {
  const res = await fetch(base + file);
  const total = Number(res.headers.get("content-length")) || 0;
  if (!res.body || !total) {
    await res.arrayBuffer();
    return;
  }
  const reader = res.body.getReader();
  let received = 0;
  let shown = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    const percent = Math.floor(share[0] + ((share[1] - share[0]) * received) / total);
    if (percent !== shown) {
      shown = percent;
      progress(`Loading Python: ${label}... ${percent}%`);
    }
  }
}

async function load(): Promise<PyodideAPI> {
  progress("Loading Python... 0%");
  await Promise.all([
    prefetch("pyodide.asm.wasm", "runtime", [0, 75]),
    prefetch("python_stdlib.zip", "standard library", [75, 95]),
  ]).catch(() => undefined);
  progress("Loading Python: starting the interpreter... 95%");
  const { loadPyodide } = (await import(/* @vite-ignore */ `${base}pyodide.mjs`)) as typeof import("pyodide");
  const pyodide = await loadPyodide({ indexURL: base, packageBaseUrl: base, checkAPIVersion: true });
  pyodide.setStdout({ batched: collect });
  pyodide.setStderr({ batched: collect });
  progress("Python is ready.");
  return pyodide;
}

function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // Pyodide reports the whole traceback; its last line is "ValueError: message".
  const lines = text.trim().split("\n");
  return lines[lines.length - 1] ?? text;
}

scope.onmessage = async (event: MessageEvent<PythonRequest>) => {
  if (event.data.type === "load") {
    ready ??= load();
    // A failed early start is reported to the run that follows, which tries again.
    ready.catch(() => {
      ready = null;
    });
    return;
  }
  const { id, code, stdin } = event.data;
  try {
    ready ??= load();
    const pyodide = await ready;
    sink = [];
    sinkSize = 0;
    // input() reads the given text, then end of input (EOFError), as a script run with `< file` would.
    let unread = stdin ?? "";
    pyodide.setStdin({
      stdin: () => {
        if (unread === "") return undefined;
        const all = unread;
        unread = "";
        return all;
      },
    });
    // Each run starts from a clean module namespace, like running a fresh script.
    const globals = pyodide.globals.get("dict")();
    globals.set("__name__", "__main__");
    try {
      await pyodide.runPythonAsync(code, { globals, filename: "main.py" });
    } finally {
      globals.destroy();
    }
    scope.postMessage({ type: "result", id, stdout: sink } satisfies PythonReply);
  } catch (error) {
    scope.postMessage({ type: "result", id, stdout: sink, error: errorMessage(error) } satisfies PythonReply);
  }
};
