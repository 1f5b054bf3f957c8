import type { PythonReply, PythonRequest } from "./python-worker";

/** How long Python may run (after the runtime has loaded) before its worker is terminated. */
export const PYTHON_TIME_LIMIT_MS = 10_000;
const LOAD_LIMIT_MS = 120_000;

export const PYTHON_TIMEOUT_MESSAGE = `Time limit exceeded: the code ran for more than ${PYTHON_TIME_LIMIT_MS / 1000} seconds and was stopped (is there an infinite loop?).`;

let worker: Worker | null = null;
let loaded = false;
let nextId = 1;

function getWorker(): Worker {
  worker ??= new Worker(new URL("./python-worker.ts", import.meta.url), { type: "module", name: "python" });
  return worker;
}

/** Stops runaway code the only sure way: terminate the worker; the next run starts a fresh one. */
function discardWorker() {
  worker?.terminate();
  worker = null;
  loaded = false;
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
