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
    await page.waitForFunction(
      () => document.documentElement.hasAttribute("data-hydrated") || document.getElementById("root") === null,
    );
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
