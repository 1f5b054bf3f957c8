import { expect, gotoAndSettle, test } from "./fixtures";

test("a lesson shows its pictures from our own origin, with alt text, lazily, fitting a 360 px screen", async ({
  page,
  consoleErrors,
  baseURL,
}) => {
  const elsewhere: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(`${baseURL}/`) && !r.url().startsWith("data:") && !r.url().startsWith("blob:")) {
      elsewhere.push(r.url());
    }
  });
  await page.setViewportSize({ width: 360, height: 800 });
  await gotoAndSettle(page, "/course/java-programming");
  await page
    .getByRole("button", { name: /Introduction to Java/ })
    .first()
    .click();
  const lesson = page.getByRole("article", { name: /Lesson: Introduction to Java/ });
  const picture = lesson.getByRole("img", { name: /^The JDK contains development tools/ });
  await expect(picture).toHaveAttribute("loading", "lazy");
  await picture.scrollIntoViewIfNeeded();
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  const box = await picture.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(200);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);

  const src = (await picture.getAttribute("src")) ?? "";
  expect(src).toMatch(/^\/assets\/content\/java-programming\/jvm-jdk-jre\.[0-9a-f]{10}\.svg$/);
  const res = await page.request.get(src);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("image/svg+xml");
  expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  expect(elsewhere).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
