import { expect, gotoAndSettle, test } from "./fixtures";

/** Public pages arrive as HTML that already holds their content, then hydrate. */

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The JSON block a prerendered page starts its query cache from. */
function prerenderedState(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } {
  const match = html.match(/<script type="application\/json" id="koc-state">([\s\S]*?)<\/script>/);
  expect(match, "the page carries its starting data").not.toBeNull();
  return JSON.parse(match?.[1] ?? "{}");
}

test.describe("prerendered public pages", () => {
  // A visitor's first load registers the app's service worker, and what it logs is part of what
  // these pages are checked for (the other specs block it: playwright.config.ts).
  test.use({ serviceWorkers: "allow" });

  test("/courses arrives with every course of the catalogue in its HTML", async ({ request }) => {
    const res = await request.get("/courses");
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("no-cache");
    const html = await res.text();
    const courses = (await (await request.get("/api/courses")).json()) as { _id: string; title: string }[];
    expect(courses.length).toBeGreaterThan(0);
    for (const course of courses) {
      expect(html, course.title).toContain(escapeHtml(course.title));
      expect(html).toContain(`href="/course/${course._id}"`);
    }
    expect(html).toContain("<title>Courses | Kingdom of Code</title>");
    // The data the page hydrates with is exactly what the API answers.
    const state = prerenderedState(html);
    expect(state.queries.find((q) => JSON.stringify(q.queryKey) === '["courses"]')?.state.data).toEqual(courses);
  });

  test("/course/java-programming arrives with its header, curriculum and head tags", async ({ request, baseURL }) => {
    const html = await (await request.get("/course/java-programming")).text();
    const course = await (await request.get("/api/courses/java-programming")).json();
    const lessons = (await (await request.get("/api/materials/course/java-programming")).json()) as {
      title: string;
    }[];
    expect(html).toMatch(/<h1[^>]*>Java Programming<\/h1>/);
    expect(html).toContain("Course Materials");
    expect(html).not.toContain("Loading course...");
    for (const lesson of lessons) expect(html, lesson.title).toContain(escapeHtml(lesson.title));
    expect(html).toContain("<title>Java Programming | Kingdom of Code</title>");
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/course/java-programming"/>`);
    expect(html).toContain('<meta property="og:title" content="Java Programming | Kingdom of Code"/>');
    expect(html).toContain(`<meta property="og:url" content="${baseURL}/course/java-programming"/>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,160}"\/>/);
    // The editor is not in the HTML: CodeMirror loads when the learner gets to it.
    expect(html).not.toContain("cm-content");
    const state = prerenderedState(html);
    const data = (key: unknown[]) =>
      state.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))?.state.data;
    expect(data(["courses", "java-programming"])).toEqual(course);
    expect(data(["materials", "course", "java-programming", "visitor"])).toEqual(lessons);
  });

  test("every public page has its own title, description and canonical link", async ({ request, baseURL }) => {
    const seen = new Set<string>();
    for (const path of [
      "/",
      "/about",
      "/courses",
      "/contact",
      "/kattappa",
      "/terms",
      "/refund-policy",
      "/shipping",
      "/privacy",
    ]) {
      const html = await (await request.get(path)).text();
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title, path).toBeTruthy();
      expect(seen.has(String(title)), `${path} has a title of its own`).toBe(false);
      seen.add(String(title));
      expect(html.match(/<title>/g), path).toHaveLength(1);
      expect(html.match(/<meta name="description"/g), path).toHaveLength(1);
      expect(html, path).toContain(`<link rel="canonical" href="${baseURL}${path}"/>`);
      // No inline script: the CSP allows none.
      expect(html.match(/<script(?![^>]*(type="module"|type="application\/json"))[^>]*>/g), path).toBeNull();
    }
  });

  test("signed-in pages stay client-rendered behind the same shell", async ({ request }) => {
    const html = await (await request.get("/dashboard")).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("koc-state");
  });

  test("without JavaScript the course page still shows its header and curriculum", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? undefined });
    const page = await context.newPage();
    try {
      await page.goto("/course/java-programming");
      await expect(page.getByRole("heading", { level: 1, name: "Java Programming" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Course Materials" })).toBeVisible();
      await expect(page.getByText("Introduction to Java", { exact: false }).first()).toBeVisible();
    } finally {
      await context.close();
    }
  });

  for (const path of ["/", "/courses", "/course/java-programming", "/about", "/contact", "/kattappa", "/privacy"]) {
    test(`${path} hydrates with no console error or warning`, async ({ page, consoleErrors }) => {
      const warnings: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "warning") warnings.push(msg.text());
      });
      await gotoAndSettle(page, path);
      // Hydrated: the mentor's toggle answers a click. The app hydrates in a transition, which yields
      // to the browser and on a loaded machine can end after network idle; a click on the prerendered
      // button before then does nothing, so click until the toggle says it is open (never once it is).
      const open = page.getByRole("button", { name: "Open the coding mentor" });
      const close = page.getByRole("button", { name: "Close the coding mentor" });
      await expect(async () => {
        if (await open.isVisible()) await open.click();
        await expect(close).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await expect(page.getByRole("region", { name: "Kattappa, your coding mentor" })).toBeVisible();
      expect(consoleErrors).toEqual([]);
      expect(warnings).toEqual([]);
    });
  }

  test("the app's scripts are fetched only after the page's first contentful paint", async ({ page }) => {
    await gotoAndSettle(page, "/course/java-programming");
    // Hydrated, so every script the page needs has been requested.
    await page.getByRole("button", { name: "Open the coding mentor" }).click();
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType("resource")
        .filter((e) => /\/assets\/.*\.js$/.test(e.name))
        .map((e) => ({ name: e.name.replace(/.*\/assets\//, ""), start: e.startTime })),
    }));
    expect(timing.fcp).toBeGreaterThan(0);
    // Only the small entry (boot.ts, index-*.js) comes before: it is what waits for the paint.
    const early = timing.scripts.filter((s) => s.start < timing.fcp && !s.name.startsWith("index-"));
    expect(timing.scripts.length).toBeGreaterThan(5);
    expect(early).toEqual([]);
  });

  test("a visitor's saved progress appears after hydration, without a hydration error", async ({
    page,
    consoleErrors,
  }) => {
    const lessons = (await (await page.request.get("/api/materials/course/java-programming")).json()) as {
      _id: string;
    }[];
    const first = lessons[0]?._id ?? "";
    await page.addInitScript((id) => {
      localStorage.setItem(
        "progress_java-programming",
        JSON.stringify({ completed: [id], knowledgeUnlocked: [], topicProgress: {}, xp: 10, streak: 1 }),
      );
    }, first);
    await gotoAndSettle(page, "/course/java-programming");
    await expect(page.getByText(`1 of ${lessons.length} topics completed`)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("client-side navigation updates the document title", async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoAndSettle(page, "/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Courses", exact: true }).click();
    await expect(page).toHaveTitle("Courses | Kingdom of Code");
    await page
      .getByRole("link", { name: /Java Programming/ })
      .first()
      .click();
    await expect(page).toHaveTitle("Java Programming | Kingdom of Code");
    expect(consoleErrors).toEqual([]);
  });
});
