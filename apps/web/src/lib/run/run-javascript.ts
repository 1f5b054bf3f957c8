/** How long learner JavaScript may run before its frame is torn down. */
export const JS_TIME_LIMIT_MS = 5000;

export const JS_TIMEOUT_MESSAGE = `Time limit exceeded: the code ran for more than ${JS_TIME_LIMIT_MS / 1000} seconds and was stopped (is there an infinite loop?).`;

const LOAD_LIMIT_MS = 15_000;
/** The runner stops collecting output after 100000 characters (apps/web/public/sandbox/js-runner.js). */
const TRUNCATED_NOTE = "(Output truncated: the program printed more than 100000 characters and was stopped.)";

type RunnerMessage =
  | { type: "ready" }
  | { type: "log"; lines: string[] }
  | { type: "error"; message: string }
  | { type: "truncated" }
  | { type: "done" };

/**
 * Runs JavaScript in a fresh opaque-origin sandboxed frame (sandbox="allow-scripts", no
 * allow-same-origin) that loads our runner page, which evaluates the code in a Worker. The frame
 * cannot read the app's storage, cookies or DOM; removing it stops the code whatever it does.
 */
export function runJavaScript(code: string, timeLimitMs = JS_TIME_LIMIT_MS): Promise<string> {
  return new Promise((resolve) => {
    const frame = document.createElement("iframe");
    frame.setAttribute("sandbox", "allow-scripts");
    frame.setAttribute("title", "JavaScript runner");
    frame.setAttribute("aria-hidden", "true");
    frame.tabIndex = -1;
    frame.className = "js-runner-frame";
    frame.src = "/sandbox/js-runner.html";
    const lines: string[] = [];
    const printed = (suffix: string) => (lines.length > 0 ? `${lines.join("\n")}${suffix}` : "");

    const finish = (output: string) => {
      window.clearTimeout(timer);
      window.removeEventListener("message", onMessage);
      frame.remove();
      resolve(output);
    };
    const onMessage = (event: MessageEvent<RunnerMessage>) => {
      if (event.source !== frame.contentWindow || !event.data || typeof event.data !== "object") return;
      const message = event.data;
      if (message.type === "ready") {
        // The time limit counts from the moment the code is handed over, not while the frame loads.
        window.clearTimeout(timer);
        timer = window.setTimeout(() => finish(printed("\n\n") + JS_TIMEOUT_MESSAGE), timeLimitMs);
        frame.contentWindow?.postMessage({ type: "run", code }, "*");
      } else if (message.type === "log" && Array.isArray(message.lines)) {
        for (const line of message.lines) lines.push(String(line));
      } else if (message.type === "truncated") {
        finish(printed("\n\n") + TRUNCATED_NOTE);
      } else if (message.type === "error") {
        finish(`${printed("\n")}Runtime Error: ${String(message.message)}`);
      } else if (message.type === "done") {
        finish(printed("") || "Code executed successfully!");
      }
    };
    let timer = window.setTimeout(() => finish("Error: the JavaScript sandbox did not start"), LOAD_LIMIT_MS);
    window.addEventListener("message", onMessage);
    document.body.append(frame);
  });
}
