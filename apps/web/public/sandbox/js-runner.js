// Runs learner JavaScript for the code editor. This page is loaded in an opaque-origin sandboxed
// frame (sandbox="allow-scripts", no allow-same-origin), so it cannot reach the app's storage,
// cookies or DOM; the code itself runs in a Worker inside this frame so a runaway loop never
// blocks the page, and the parent removes the whole frame when the time limit passes.

var WORKER_SOURCE = [
  '"use strict";',
  "var LIMIT = 100000;",
  "var send = function (m) { postMessage(m); };",
  "var show = function (v) {",
  "  if (typeof v === 'string') return v;",
  "  if (v instanceof Error) return v.name + ': ' + v.message;",
  "  if (typeof v === 'function') return v.toString();",
  "  if (typeof v === 'undefined') return 'undefined';",
  "  if (typeof v === 'bigint') return v.toString() + 'n';",
  "  if (typeof v === 'symbol') return v.toString();",
  "  try { var s = JSON.stringify(v); return s === undefined ? String(v) : s; } catch (e) { return String(v); }",
  "};",
  "var size = 0;",
  // Lines go out in batches (by count or every 50 ms) so a print loop cannot flood the page with messages.
  "var batch = [];",
  "var lastFlush = Date.now();",
  "var flush = function () { if (batch.length) { send({ type: 'log', lines: batch }); batch = []; } lastFlush = Date.now(); };",
  "['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {",
  "  console[level] = function () {",
  "    if (size > LIMIT) return;",
  "    var text = Array.prototype.map.call(arguments, show).join(' ');",
  "    size += text.length + 1;",
  "    batch.push(text);",
  "    if (size > LIMIT) { flush(); send({ type: 'truncated' }); return; }",
  "    if (batch.length >= 500 || Date.now() - lastFlush > 50) flush();",
  "  };",
  "});",
  "var message = function (e) { return e && typeof e === 'object' && 'message' in e ? String(e.message) : String(e); };",
  "self.addEventListener('unhandledrejection', function (ev) { ev.preventDefault(); flush(); send({ type: 'error', message: message(ev.reason) }); });",
  "self.onmessage = function (ev) {",
  "  self.onmessage = null;",
  "  try {",
  "    (0, eval)(ev.data);",
  "  } catch (e) {",
  "    flush();",
  "    send({ type: 'error', message: message(e) });",
  "    return;",
  "  }",
  "  setTimeout(function () { flush(); send({ type: 'done' }); }, 0);",
  "};",
].join("\n");

window.addEventListener("message", (event) => {
  if (event.source !== window.parent || !event.data || event.data.type !== "run") return;
  var url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: "text/javascript" }));
  var worker = new Worker(url);
  worker.onmessage = (e) => {
    window.parent.postMessage(e.data, "*");
  };
  worker.onerror = (e) => {
    e.preventDefault();
    window.parent.postMessage({ type: "error", message: e.message || "Script error" }, "*");
  };
  worker.postMessage(String(event.data.code));
});

window.parent.postMessage({ type: "ready" }, "*");
