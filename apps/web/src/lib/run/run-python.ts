import type { PythonReply, PythonRequest } from "./python-worker";

/** How long Python may run (after the runtime has loaded) before its worker is terminated. */
export const PYTHON_TIME_LIMIT_MS = 10_000;
const LOAD_LIMIT_MS = 120_000;

export const PYTHON_TIMEOUT_MESSAGE = `Time limit exceeded: the code ran for more than ${PYTHON_TIME_LIMIT_MS / 1000} seconds and was stopped (is there an infinite loop?).`;

let worker: Worker | null = null;
let loaded = false;
let nextId = 1;
/** The latest loading message, and who shows it (the editor panels with Python chosen). */
let status = "";
const statusListeners = new Set<(text: string) => void>();

function setStatus(text: string) {
  status = text;
  for (const listener of statusListeners) listener(text);
}

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL("./python-worker.ts", import.meta.url), { type: "module", name: "python" });
    worker.addEventListener("message", (event: MessageEvent<PythonReply>) => {
      if (event.data.type !== "progress") return;
      if (event.data.text === "Python is ready.") loaded = true;
      setStatus(loaded ? "" : event.data.text);
    });
  }
  return worker;
}

/**
 * Starts downloading and starting Pyodide in its worker now, as soon as the learner picks Python,
 * so the first run costs little more than the program. `onStatus` hears the loading progress
 * (an empty text once Python is ready); the returned function stops listening.
 */
export function preloadPython(onStatus: (text: string) => void): () => void {
  if (typeof Worker === "undefined") return () => undefined;
  statusListeners.add(onStatus);
  if (!worker) {
    getWorker().postMessage({ type: "load" } satisfies PythonRequest);
  } else {
    onStatus(loaded ? "" : status);
  }
  return () => statusListeners.delete(onStatus);
}

/** Stops runaway code the only sure way: terminate the worker; the next run starts a fresh one. */
function discardWorker() {
  worker?.terminate();
  worker = null;
  loaded = false;
  setStatus("");
}

/** Runs Python in the Pyodide worker; `onProgress` hears about the first-run download. */
export function runPython(code: string, onProgress: (text: string) => void, stdin?: string): Promise<string> {
  const current = getWorker();
  const id = nextId++;
  return new Promise((resolve) => {
    let timer = 0;
    const arm = (ms: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        current.removeEventListener("message", onMessage);
        const wasLoaded = loaded;
        discardWorker();
        resolve(wasLoaded ? PYTHON_TIMEOUT_MESSAGE : "Error: Python took too long to load. Please try again.");
      }, ms);
    };
    const onMessage = (event: MessageEvent<PythonReply>) => {
      const reply = event.data;
      if (reply.type === "progress") {
        onProgress(reply.text);
        if (reply.text === "Python is ready.") {
          loaded = true;
          arm(PYTHON_TIME_LIMIT_MS);
        }
        return;
      }
      if (reply.id !== id) return;
      window.clearTimeout(timer);
      current.removeEventListener("message", onMessage);
      loaded = true;
      const out = reply.stdout.join("\n");
      if (reply.error) resolve(out ? `${out}\nRuntime Error: ${reply.error}` : `Runtime Error: ${reply.error}`);
      else resolve(out || "Code executed successfully! (No output statements found)");
    };
    current.addEventListener("message", onMessage);
    current.onerror = (event) => {
      event.preventDefault();
      window.clearTimeout(timer);
      current.removeEventListener("message", onMessage);
      discardWorker();
      resolve(`Error: ${event.message || "the Python runtime could not start"}`);
    };
    arm(loaded ? PYTHON_TIME_LIMIT_MS : LOAD_LIMIT_MS);
    current.postMessage({ type: "run", id, code, stdin } satisfies PythonRequest);
  });
}
