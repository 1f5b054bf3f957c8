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

/** Downloads a file while reporting progress; its bytes (it is in the HTTP cache too), or null. */
async function download(file: string, label: string, share: [number, number]): Promise<ArrayBuffer | null> {
  const res = await fetch(base + file);
  if (!res.ok) return null;
  const total = Number(res.headers.get("content-length")) || 0;
  if (!res.body || !total) return await res.arrayBuffer();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let shown = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    const percent = Math.floor(share[0] + ((share[1] - share[0]) * Math.min(received, total)) / total);
    if (percent !== shown) {
      shown = percent;
      progress(`Loading Python: ${label}... ${percent}%`);
    }
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

/** The build's snapshot of a started interpreter (vite.config.ts); absent in development. */
const snapshotFile: string | undefined = import.meta.env.PYODIDE_SNAPSHOT;

async function load(): Promise<PyodideAPI> {
  progress("Loading Python... 0%");
  // Everything at once: the runtime, the standard library, the started interpreter's memory and
  // Pyodide's loader. Pyodide then reads the first two from the HTTP cache.
  const [, , snapshot, module] = await Promise.all([
    download("pyodide.asm.wasm", "runtime", [0, 40]).catch(() => null),
    download("python_stdlib.zip", "standard library", [40, 50]).catch(() => null),
    snapshotFile ? download(snapshotFile, "interpreter", [50, 90]).catch(() => null) : null,
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
