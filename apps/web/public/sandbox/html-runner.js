// Previews and checks a learner's page for an HTML trial (docs/decisions/0030-html-trials.md). This
// page is loaded in an opaque-origin sandboxed frame (sandbox="allow-scripts", no
// allow-same-origin), so nothing here can reach the app's storage, cookies or DOM. The learner's
// page is shown in a frame with no permissions at all, and checked in frames that share this
// page's opaque origin but may run no script (sandbox="allow-same-origin" only): the learner's own
// scripts never run, while the checks (the harness text the app sends, the same the server runs)
// read the rendered page from here. This page's policy refuses every network request.

(() => {
  var harness = null;
  var latest = 0;
  var preview = document.getElementById("preview");

  function send(message) {
    window.parent.postMessage(message, "*");
  }

  function checkAt(request, width, done) {
    var frame = document.createElement("iframe");
    frame.setAttribute("sandbox", "allow-same-origin");
    frame.setAttribute("aria-hidden", "true");
    frame.tabIndex = -1;
    frame.className = "check-frame";
    frame.style.width = `${width}px`;
    frame.style.height = `${request.height}px`;
    frame.addEventListener("load", () => {
      var results;
      try {
        results = harness(frame.contentWindow, {
          code: request.code,
          width: width,
          defaultWidth: request.defaultWidth,
        });
      } catch (e) {
        results = { error: String(e?.message || e) };
      }
      frame.remove();
      done(results);
    });
    frame.srcdoc = request.html;
    document.body.appendChild(frame);
  }

  window.addEventListener("message", (event) => {
    if (event.source !== window.parent) return;
    var request = event.data;
    if (!request || typeof request !== "object" || request.type !== "check") return;
    // The check harness is the app's own text (@koc/shared/html-checks), made a function here in
    // this opaque sandbox, whose policy allows it ('unsafe-eval') and nothing else of the kind.
    if (harness === null) harness = new Function(`return ${String(request.harness)}`)();
    latest = request.id;
    preview.srcdoc = String(request.html);
    var widths = request.widths;
    var results = [];
    var error = null;
    var pending = widths.length;
    widths.forEach((width) => {
      checkAt(request, width, (found) => {
        if (found?.error) error = found.error;
        else results = results.concat(found);
        pending -= 1;
        // Only the newest page's verdict matters: the learner may have typed on meanwhile.
        if (pending === 0 && request.id === latest) {
          send(
            error
              ? { type: "results", id: request.id, error: error }
              : { type: "results", id: request.id, results: results },
          );
        }
      });
    });
  });

  send({ type: "ready" });
})();
