/**
 * HTML and CSS trials: the checks of a trial's `## Tests` run against the rendered page, the same
 * code in the learner's browser (instant feedback, apps/web/public/sandbox/html-runner.js) and in
 * the server's headless Chromium (what counts). See docs/decisions/0031-html-trials.md.
 *
 * A trial's tests are a JavaScript script of calls like
 *
 *   check("The card has 16px of padding", ({ $, style, assert }) => {
 *     assert(style($(".card"), "padding-top") === "16px", "Give .card a padding of 16px.");
 *   });
 *   check("On a narrow screen the cards stack", { width: 400 }, ({ $$, box, assert }) => { ... });
 *
 * Each check runs with the page laid out at its `width` (DEFAULT_CHECK_WIDTH when omitted).
 */

/** The viewport a check sees unless it names another width. */
export const DEFAULT_CHECK_WIDTH = 800;
export const CHECK_VIEWPORT_HEIGHT = 600;
/** The largest page a learner may submit (characters). */
export const MAX_HTML_PAGE = 100_000;

export interface HtmlCheckInfo {
  name: string;
  width: number;
}

export interface HtmlCheckResult {
  name: string;
  passed: boolean;
  message?: string;
}

/**
 * The checks of a `## Tests` script read from its source without running it: every `check(` call
 * must open with a string literal name and, optionally, `{ width: N }`. Undefined when a call does
 * not (so the build can say which rule it broke).
 */
export function htmlCheckList(code: string): HtmlCheckInfo[] | undefined {
  const calls = code.match(/\bcheck\s*\(/g)?.length ?? 0;
  const re = /\bcheck\s*\(\s*("(?:[^"\\\n]|\\.)*")\s*,\s*(?:\{\s*width\s*:\s*(\d{3,4})\s*\}\s*,\s*)?(?:\(|function\b)/g;
  const out: HtmlCheckInfo[] = [];
  for (const m of code.matchAll(re)) {
    const name = JSON.parse(m[1] as string) as string;
    out.push({ name, width: m[2] ? Number(m[2]) : DEFAULT_CHECK_WIDTH });
  }
  if (calls === 0 || out.length !== calls) return undefined;
  return out;
}

/** The distinct widths the checks need, smallest first. */
export const checkWidths = (checks: HtmlCheckInfo[]): number[] =>
  [...new Set(checks.map((c) => c.width))].sort((a, b) => a - b);

/**
 * The source of a function `(win, { code, width, defaultWidth }) => results` that runs the checks
 * meant for `width` against the document of `win`. Kept as text, not as a compiled function, so
 * no bundler or test transform can add names it needs from outside: both runners evaluate exactly
 * this text inside the page (Playwright's evaluate on the server, the sandboxed runner frame in the
 * browser).
 */
export const HTML_CHECK_HARNESS = `(function runHtmlChecks(win, args) {
  var doc = win.document;
  var FAILED = "koc-check-failed";
  function assert(condition, message) {
    if (!condition) { var e = new Error(String(message)); e.name = FAILED; throw e; }
  }
  function text(el) { return ((el && el.textContent) || "").replace(/\\s+/g, " ").trim(); }
  var helpers = {
    document: doc,
    window: win,
    $: function (s) { return doc.querySelector(s); },
    $$: function (s) { return Array.prototype.slice.call(doc.querySelectorAll(s)); },
    style: function (el, property) { return el ? win.getComputedStyle(el).getPropertyValue(property).trim() : ""; },
    box: function (el) {
      var r = el ? el.getBoundingClientRect() : { left: 0, top: 0, width: 0, height: 0, right: 0, bottom: 0 };
      return { left: r.left, top: r.top, width: r.width, height: r.height, right: r.right, bottom: r.bottom };
    },
    text: text,
    assert: assert
  };
  var registered = [];
  function check(name, a, b) {
    var fn = typeof a === "function" ? a : b;
    var width = a && typeof a === "object" && typeof a.width === "number" ? a.width : args.defaultWidth;
    registered.push({ name: String(name), width: width, fn: fn });
  }
  new Function("check", args.code)(check);
  var results = [];
  for (var i = 0; i < registered.length; i++) {
    var c = registered[i];
    if (c.width !== args.width) continue;
    try {
      c.fn(helpers);
      results.push({ name: c.name, passed: true });
    } catch (err) {
      results.push({
        name: c.name,
        passed: false,
        message: err && err.name === FAILED
          ? String(err.message)
          : "The check could not read your page (" + String((err && err.message) || err) + "). Is every element it needs there?"
      });
    }
  }
  return results;
})`;

/**
 * Every check's verdict in the trial's order, from the runs at each width. A check no run reported
 * failed (the run ended early).
 */
export function mergeCheckResults(checks: HtmlCheckInfo[], runs: HtmlCheckResult[][]): HtmlCheckResult[] {
  const byName = new Map<string, HtmlCheckResult>();
  for (const run of runs) for (const r of run) if (!byName.has(r.name)) byName.set(r.name, r);
  return checks.map(
    (c) =>
      byName.get(c.name) ?? { name: c.name, passed: false, message: "Not checked: the page could not be rendered." },
  );
}
