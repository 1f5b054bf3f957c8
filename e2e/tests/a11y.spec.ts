import { animationsSettled, expect, gotoAndSettle, test, wcagViolations } from "./fixtures";

/** Every route of the route table (the same list as routes.spec.ts). */
const routes = [
  "/",
  "/about",
  "/courses",
  "/course/java-programming",
  "/contact",
  "/kattappa",
  "/kattappa-test",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/dashboard",
  "/review",
  "/terms",
  "/refund-policy",
  "/shipping",
  "/privacy",
];

const widths = [
  { name: "mobile", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

/**
 * A full-page picture of every route at both widths, for a review of the look:
 * `SCREENSHOTS=1 npm run test:e2e`. Off by default: nothing asserts on them, and the 34 pictures
 * took a quarter of this file's time (CI keeps no artefacts).
 */
const SCREENSHOTS = process.env.SCREENSHOTS === "1";

for (const viewport of widths) {
  test.describe(`accessibility at ${viewport.width} px`, () => {
    // The test's own page at this size: the console-error check covers it too, and no second
    // browser context is opened beside the one every test gets.
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const path of routes) {
      test(`${path} has no WCAG 2.1 A/AA violations`, async ({ page }, testInfo) => {
        await gotoAndSettle(page, path);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        // Let entrance animations finish so contrast is measured on final colours.
        await animationsSettled(page);

        if (SCREENSHOTS) {
          const slug = path === "/" ? "home" : path.slice(1).replaceAll("/", "-");
          // Kept in test-results/<test>/ and attached to the report.
          const shot = testInfo.outputPath(`${slug}-${viewport.width}px.png`);
          await page.screenshot({ path: shot, fullPage: true });
          await testInfo.attach(`${slug}-${viewport.width}px`, { path: shot, contentType: "image/png" });
        }

        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect.soft(overflow, `${path} scrolls horizontally at ${viewport.width} px`).toBeLessThanOrEqual(0);

        expect(await wcagViolations(page), `axe violations on ${path} at ${viewport.width} px`).toEqual([]);
      });
    }
  });
}

test("the scan itself reports what it should: a picture without a text alternative, grey on grey, an unnamed button", async ({
  page,
}) => {
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Broken on purpose</title></head><body>` +
      `<main><h1>Broken on purpose</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">` +
      `<p style="color:#777;background:#888">faint words</p><button></button></main></body></html>`,
  );
  expect((await wcagViolations(page)).sort()).toEqual([
    expect.stringMatching(/^button-name \(critical\): .*\n {4}button$/),
    expect.stringMatching(/^color-contrast \(serious\): .*\n {4}p$/),
    expect.stringMatching(/^image-alt \(critical\): .*\n {4}img$/),
  ]);
});
