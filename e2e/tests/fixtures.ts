import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type Request } from "@playwright/test";

/**
 * Collects the test page's console errors and page errors, and fails every test that saw one (it
 * runs for each test, used or not). A spec that provokes errors on purpose names them with
 * `test.use({ expectedConsoleErrors: [/pattern/] })`.
 */
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp[] }>({
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error") errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      const unexpected = errors.filter((e) => !expectedConsoleErrors.some((pattern) => pattern.test(e)));
      expect(unexpected, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Runs a navigation (goto, reload) and waits until the page is settled: the app has hydrated or
 * rendered (`<html data-hydrated>`, set after its first commit, so clicks are not lost on HTML that
 * is not yet live) and none of the page's requests has been open for `quietMs` (the data its first
 * render asked for has arrived and been drawn). Playwright's "networkidle" waits a fixed 500 ms of
 * silence after every load; this waits for the app instead. A page without the app (no #root)
 * needs only the quiet network.
 */
export async function settleAfter(page: Page, navigate: () => Promise<unknown>, quietMs = 150) {
  const open = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    open.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    open.delete(request);
    lastChange = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    await navigate();
    await appLive(page);
    await expect
      .poll(() => open.size === 0 && Date.now() - lastChange >= quietMs, {
        message: "the page's requests settle",
        intervals: [25],
      })
      .toBe(true);
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}

/**
 * Waits until the app has hydrated or rendered the page (`<html data-hydrated>`, set after its
 * first commit): before that, a click on prerendered HTML is lost. A page without the app (no
 * #root) is live at once.
 */
export async function appLive(page: Page) {
  await page.waitForFunction(
    () => document.documentElement.hasAttribute("data-hydrated") || document.getElementById("root") === null,
  );
}

export async function gotoAndSettle(page: Page, path: string) {
  await settleAfter(page, () => page.goto(path));
}

/** The course page's editor loads when it nears the screen: scroll to it, wait for CodeMirror. */
export async function showCourseEditor(page: Page) {
  await page.locator(".code-editor-placeholder, .code-editor-panel").first().scrollIntoViewIfNeeded();
  await expect(page.locator(".cm-content").first()).toBeVisible();
}

/** Waits until every finite CSS animation and transition on the page has finished (final colours). */
export async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** The rules every accessibility check here holds a page to: WCAG 2.1, levels A and AA. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the page (or on the part `include` selects) and resolves
 * one line per violation (rule, impact, help, then each element it found), so a failed check says
 * what to mend; a page that passes gives []. It runs axe in the page itself (`setLegacyMode`: one
 * `axe.run`): the default runs each frame apart, then opens a second, blank page, injects axe there
 * again and merges the parts in it, which took twice the time here (the course page 4.5 s against
 * 2.2) for the same passes, violations and incomplete checks. What the in-page run cannot reach is
 * a frame of another origin, and a page here has none (nothing is loaded from another origin): a
 * check that meets one fails rather than pass it unscanned.
 */
export async function wcagViolations(page: Page, include?: string): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const foreign = page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
  expect(foreign, "frames of another origin, which the accessibility scan would not reach").toEqual([]);
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode();
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
}
