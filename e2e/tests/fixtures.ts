import { test as base, expect, type Page } from "@playwright/test";

/** Collects console errors and page errors; each test ends by asserting there were none. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    await use(errors);
  },
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
