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

/**
 * Downloads a file while reporting progress, so that it is in the HTTP cache. Its bytes come back
 * only when `keep` is set (the snapshot): the runtime and the standard library are read again from
 * the cache by Pyodide, so their chunks are counted and dropped. Null when the file is missing.
 */
async function download(file: string, label: string, share: [number, number], keep: boolean) {
  const res = await fetch(base + file);
  if (!res.ok) return null;
  const total = Number(res.headers.get("content-length")) || 0;
  let received = 0;
  let shown = -1;
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      received += chunk.byteLength;
      const percent = total ? Math.floor(share[0] + ((share[1] - share[0]) * Math.min(received, total)) / total) : -1;
      if (percent !== shown && percent >= 0) {
        shown = percent;
        progress(`Loading Python: ${label}... ${percent}%`);
      }
      if (keep) controller.enqueue(chunk);
    },
  });
  const bytes = await new Response(res.body?.pipeThrough(counted) ?? null).arrayBuffer();
  return keep ? bytes : null;
}

/** The build's snapshot of a started interpreter (vite.config.ts); absent in development. */
const snapshotFile: string | undefined = import.meta.env.PYODIDE_SNAPSHOT;

async function load(): Promise<PyodideAPI> {
  progress("Loading Python... 0%");
  // Everything at once: the runtime, the standard library, the started interpreter's memory and
  // Pyodide's loader. Pyodide then reads the first two from the HTTP cache.
  const [, , snapshot, module] = await Promise.all([
    download("pyodide.asm.wasm", "runtime", [0, 40], false).catch(() => null),
    download("python_stdlib.zip", "standard library", [40, 50], false).catch(() => null),
    snapshotFile ? download(snapshotFile, "interpreter", [50, 90], true).catch(() => null) : null,
    import(/* @vite-ignore */ `${base}pyodide.mjs`) as Promise<typeof import("pyodide")>,
  ]);
  progress("Loading Python: starting the interpreter... 95%");
  const options = { indexURL: base, packageBaseUrl: base, checkAPIVersion: true };
  let pyodide: PyodideAPI;
  try {
    // From the snapshot Python is ready in a fraction of a second; a cold start takes seconds.
    pyodide = await module.loadPyodide(snapshot ? { ...options, _loadSnapshot: snapshot } : options);
  } catch (error) {
    if (!snapshot) throw error;
    pyodide = await module.loadPyodide(options);
  }
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
