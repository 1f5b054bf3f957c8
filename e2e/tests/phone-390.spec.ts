import type { Page } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";

// The way through a course at 390 px: examples use the screen's width, the mentor's button covers nothing, diagrams open full size.
test.use({ viewport: { width: 390, height: 844 } });

const INTRO = "/course/java-programming/lesson/java-programming--introduction-to-java";

/**
 * Every control and heading the mentor's button overlaps, measured from element boxes. A page element
 * under the sticky header is hidden by the header itself, so only what shows is counted.
 */
async function coveredByMentor(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const mentor = document.querySelector(".mentor-toggle")?.getBoundingClientRect();
    const header = document.querySelector(".site-header");
    const headerBottom = header?.getBoundingClientRect().bottom ?? 0;
    if (!mentor) return ["no mentor button"];
    const found: string[] = [];
    const selector =
      "a, button, input, select, textarea, summary, [role=button], [tabindex='0'], h1, h2, h3, h4, h5, h6";
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest(".floating-mentor")) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
      const inHeader = header?.contains(el) ?? false;
      // The part of the element that shows: below the sticky header, unless it belongs to the header.
      const top = inHeader ? box.top : Math.max(box.top, headerBottom);
      const overlapX = Math.min(box.right, mentor.right) - Math.max(box.left, mentor.left);
      const overlapY = Math.min(box.bottom, mentor.bottom) - Math.max(top, mentor.top);
      if (overlapX > 0.5 && overlapY > 0.5) {
        found.push(
          `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`,
        );
      }
    }
    return found;
  });
}

/** Scrolls through the page a screen at a time, scanning for overlaps at each stop. */
async function scanPage(page: Page, what: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < Math.min(height, 12_000); y += 700) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    expect(await coveredByMentor(page), `${what} scrolled to ${y}px`).toEqual([]);
  }
}

test("lesson examples use the full width less at most 24 px, with no code cut off", async ({ page }) => {
  await gotoAndSettle(page, INTRO);
  const lesson = page.getByRole("article", { name: /^Lesson: Introduction to Java/ });
  const blocks = lesson.locator(".code-block");
  await expect(blocks.first()).toBeVisible();
  const count = await blocks.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const block = blocks.nth(i);
    await block.scrollIntoViewIfNeeded();
    const box = await block.boundingBox();
    if (!box) throw new Error(`code block ${i} has no box`);
    expect(box.width, `code block ${i}`).toBeGreaterThanOrEqual(390 - 24);
    expect(box.x, `code block ${i} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `code block ${i} ends on screen`).toBeLessThanOrEqual(390);
    // The code starts at its first column: nothing scrolled or cut off on the left.
    const pre = block.locator("pre").first();
    expect(await pre.evaluate((el) => el.scrollLeft)).toBe(0);
    const preBox = await pre.boundingBox();
    expect(preBox?.x ?? -1).toBeGreaterThanOrEqual(0);
  }
  const [scrollWidth, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBe(viewport);
});

test("the trial editor uses the full width less at most 24 px, with no code cut off on load", async ({ page }) => {
  await gotoAndSettle(page, INTRO);
  const trial = page.getByTestId("trial").first();
  await trial.scrollIntoViewIfNeeded();
  const editor = trial.locator(".cm-editor").first();
  await expect(editor).toBeVisible();
  const box = await editor.boundingBox();
  if (!box) throw new Error("the trial editor has no box");
  expect(box.width).toBeGreaterThanOrEqual(390 - 24);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // The starter code is shown from its first column: the scroller starts at the left edge.
  expect(
    await trial
      .locator(".cm-scroller")
      .first()
      .evaluate((el) => el.scrollLeft),
  ).toBe(0);
  const line = await trial.locator(".cm-line").first().boundingBox();
  expect(line?.x ?? -1).toBeGreaterThanOrEqual(0);
});

test("the mentor's button never covers a control or a heading", async ({ page }) => {
  for (const path of ["/", "/courses", INTRO, "/login"]) {
    await gotoAndSettle(page, path);
    await scanPage(page, path);
  }
  // It still opens the mentor, whose panel fits the screen.
  await page.getByRole("button", { name: "Open the coding mentor" }).click();
  const panel = page.locator(".mentor-panel");
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
});

test("a diagram opens full size on tap, zooms in and out, and closes", async ({ page, consoleErrors }) => {
  await gotoAndSettle(page, INTRO);
  const open = page.getByRole("button", { name: /^Open the diagram full size: The JDK contains development tools/ });
  await open.scrollIntoViewIfNeeded();
  await open.click();
  const dialog = page.getByRole("dialog", { name: /^The JDK contains development tools/ });
  await expect(dialog).toBeVisible();
  const picture = dialog.locator("img");
  const before = (await picture.boundingBox())?.width ?? 0;
  expect(before).toBeGreaterThan(300);
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  await expect.poll(async () => (await picture.boundingBox())?.width ?? 0).toBeGreaterThan(before * 1.9);
  // Zoomed in, the picture pans: its frame scrolls sideways.
  const stage = dialog.locator(".diagram-stage");
  await stage.evaluate((el) => el.scrollBy(200, 0));
  expect(await stage.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await dialog.getByRole("button", { name: "Zoom out" }).click();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(consoleErrors).toEqual([]);
});
