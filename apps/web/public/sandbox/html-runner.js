// Shows or checks one learner page for an HTML trial (docs/decisions/0031-html-trials.md). This page
// is loaded in an opaque-origin sandboxed frame (sandbox="allow-scripts", no allow-same-origin), so
// nothing here can reach the app's storage, cookies or DOM. It takes one request: it replaces its
// own document with the learner's page (this page's policy refuses the page's inline scripts, event
// handlers and every network request) and, for a check, runs the harness the app sends (the same
// text the server runs) on it at once, then answers. The app makes a fresh frame for each request.

(() => {
  var parent = window.parent;
  window.addEventListener(
    "message",
    (event) => {
      if (event.source !== parent) return;
      var request = event.data;
      if (!request || typeof request !== "object" || (request.type !== "check" && request.type !== "show")) return;
      // Made before the document is replaced, so a policy the learner's page declares cannot stop it.
      var harness = request.type === "check" ? new Function(`return ${String(request.harness)}`)() : null;
      document.open();
      document.write(String(request.html));
      document.close();
      if (!harness) return;
      var reply;
      try {
        reply = {
          type: "results",
          id: request.id,
          results: harness(window, { code: request.code, width: request.width, defaultWidth: request.defaultWidth }),
        };
      } catch (e) {
        reply = { type: "results", id: request.id, error: String(e?.message || e) };
      }
      parent.postMessage(reply, "*");
    },
    { once: true },
  );
  parent.postMessage({ type: "ready" }, "*");
})();
