import { test as base, expect, type Page } from "@playwright/test";

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

export async function gotoAndSettle(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
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
