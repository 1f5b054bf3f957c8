import type { Page } from "@playwright/test";
import { expect, gotoAndSettle, showCourseEditor, test } from "./fixtures";

/** A 360 px phone: every screen fits, with every panel open; long code scrolls inside its own block. */
test.use({ viewport: { width: 360, height: 740 } });

async function expectNoSidewaysScroll(page: Page, what: string) {
  const [scrollWidth, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth, `${what}: the page is ${scrollWidth}px wide on a ${viewport}px screen`).toBe(viewport);
}

test.describe("a 360 px phone", () => {
  test("course page: a lesson, the knowledge quiz, the editor and the mentor all fit", async ({ page }) => {
    await gotoAndSettle(page, "/course/java-programming");
    await expect(page.getByRole("heading", { level: 1, name: "Java Programming" })).toBeVisible();
    await expectNoSidewaysScroll(page, "course page");

    await page
      .getByRole("button", { name: /Introduction/ })
      .first()
      .click();
    const lesson = page.getByRole("article", { name: /^Lesson:/ });
    await expect(lesson.locator(".code-block").first()).toBeVisible();
    await expectNoSidewaysScroll(page, "an open lesson");

    await page.getByRole("button", { name: "Take Knowledge Quiz" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSidewaysScroll(page, "the knowledge quiz");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await showCourseEditor(page);
    const editor = page.locator(".cm-content").first();
    await editor.scrollIntoViewIfNeeded();
    await expect(editor).toBeVisible();
    await page.getByRole("button", { name: "Execute" }).first().click();
    await expect(page.getByTestId("code-output").first()).toBeVisible({ timeout: 60_000 });
    await expectNoSidewaysScroll(page, "the editor with its output");

    await page.getByRole("button", { name: "Open the coding mentor" }).click();
    await expect(page.getByRole("region", { name: "Kattappa, your coding mentor" })).toBeVisible();
    await expectNoSidewaysScroll(page, "the mentor panel");
  });

  test("courses page and its payment dialog fit", async ({ page }) => {
    await gotoAndSettle(page, "/courses");
    await expectNoSidewaysScroll(page, "courses page");
    await page
      .getByRole("button", { name: /^Upgrade to unlock/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSidewaysScroll(page, "the payment dialog");
  });

  for (const path of ["/", "/about", "/contact", "/kattappa", "/login", "/register", "/dashboard", "/playground"]) {
    test(`${path} fits`, async ({ page }) => {
      await gotoAndSettle(page, path);
      await expectNoSidewaysScroll(page, path);
    });
  }
});
