import { expect, gotoAndSettle, test } from "./fixtures";

const CONTACT_SUCCESS = "Message sent successfully! We'll get back to you soon.";
const CONTACT_FAILURE = "Failed to send message. Please try again.";

test.describe("home carousel", () => {
  const slide = (page: import("@playwright/test").Page, n: number) =>
    page.getByRole("group", { name: `${n} of 5`, exact: true });

  const shown = async (page: import("@playwright/test").Page) =>
    Number((await page.locator(".carousel-slide").getAttribute("aria-label"))?.split(" ")[0]);
  const after = (n: number) => (n % 5) + 1;

  /**
   * Waits until React has hydrated (a click moves the slides; hydration itself needs the clock to
   * run), then stops the page's clock: from here only runFor moves it. The pointer then enters and
   * leaves the carousel, so its timer is armed again at the stopped time. Answers the slide shown.
   */
  const stopClockWhenHydrated = async (page: import("@playwright/test").Page) => {
    // A click before hydration is lost, so Next is clicked until the slides move (a move of the
    // carousel's own timer shows hydration as well).
    await expect(async () => {
      await page.getByRole("button", { name: "Next slide" }).click();
      await expect(slide(page, 1)).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await page.locator("body").click({ position: { x: 1, y: 1 } });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.getByRole("region", { name: "Heroes of the kingdom" }).hover();
    await page.mouse.move(0, 0);
    return shown(page);
  };

  test("advances by itself after 4 seconds", async ({ page }) => {
    await page.clock.install({ time: 0 });
    await page.goto("/");
    await expect(slide(page, 1)).toContainText("The King of Code");
    const first = await stopClockWhenHydrated(page);
    await page.clock.runFor(3_900);
    await expect(slide(page, first)).toBeVisible();
    await page.clock.runFor(200);
    await expect(slide(page, after(first))).toBeVisible();
    // The next move comes one full interval after the automatic one.
    await page.clock.runFor(3_900);
    await expect(slide(page, after(first))).toBeVisible();
    await page.clock.runFor(200);
    await expect(slide(page, after(after(first)))).toBeVisible();
  });

  test("previous and next move by one and wrap at both ends", async ({ page, consoleErrors }) => {
    await gotoAndSettle(page, "/");
    const previous = page.getByRole("button", { name: "Previous slide" });
    const next = page.getByRole("button", { name: "Next slide" });
    await expect(slide(page, 1)).toBeVisible();
    await previous.click();
    await expect(slide(page, 5)).toBeVisible();
    await expect(slide(page, 5)).toContainText("Sir Vikram");
    await next.click();
    await expect(slide(page, 1)).toBeVisible();
    for (const n of [2, 3, 4, 5, 1]) {
      await next.click();
      await expect(slide(page, n)).toBeVisible();
    }
    // Every slide has an image with meaningful alternative text.
    await expect(slide(page, 1).getByRole("img")).toHaveAccessibleName(/King of Code/);
    expect(consoleErrors).toEqual([]);
  });

  test("pauses while hovered and can be stopped", async ({ page }) => {
    await page.clock.install({ time: 0 });
    await page.goto("/");
    const first = await stopClockWhenHydrated(page);
    await page.getByRole("region", { name: "Heroes of the kingdom" }).hover();
    await page.clock.runFor(4_800);
    await expect(slide(page, first)).toBeVisible();
    // Once the pointer leaves, it moves on again.
    await page.mouse.move(0, 0);
    await page.clock.runFor(4_100);
    await expect(slide(page, after(first))).toBeVisible();
    await page.getByRole("button", { name: "Stop slide rotation" }).click();
    await page.mouse.move(0, 0);
    await page.locator("body").click({ position: { x: 1, y: 1 } });
    await page.clock.runFor(4_800);
    await expect(slide(page, after(first))).toBeVisible();
  });

  test("does not auto-advance for a visitor who prefers reduced motion", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL: baseURL ?? undefined, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.clock.install({ time: 0 });
    await page.goto("/");
    const first = await stopClockWhenHydrated(page);
    await page.clock.runFor(4_800);
    await expect(slide(page, first)).toBeVisible();
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect(slide(page, after(first))).toBeVisible();
    await context.close();
  });
});

test.describe("home sections", () => {
  test("shows the stats, the journey and the calls to action", async ({ page, consoleErrors }) => {
    await gotoAndSettle(page, "/");
    const stats = page.getByRole("list", { name: "The kingdom in numbers" });
    for (const text of ["10+", "100+", "24/7"]) await expect(stats).toContainText(text);
    for (const step of [
      "Programming Basics",
      "Core Concepts",
      "Advanced Skills",
      "Real Projects",
      "Interview Preparation",
    ]) {
      await expect(page.getByRole("heading", { name: new RegExp(step) })).toBeVisible();
    }
    const cta = page.getByRole("region", { name: "The Gates Are Open" });
    await expect(cta.getByRole("link", { name: "Explore Courses" })).toHaveAttribute("href", "/courses");
    await expect(cta.getByRole("link", { name: "About the Kingdom" })).toHaveAttribute("href", "/about");
    expect(consoleErrors).toEqual([]);
  });
});

test("about page links to the courses and to the LinkedIn community in a new tab", async ({ page, consoleErrors }) => {
  await gotoAndSettle(page, "/about");
  await expect(page.getByRole("link", { name: "Start Learning Now" })).toHaveAttribute("href", "/courses");
  const linkedin = page.getByRole("link", { name: /Join LinkedIn Community/ });
  await expect(linkedin).toHaveAttribute("target", "_blank");
  await expect(linkedin).toHaveAttribute("rel", /noopener/);
  await expect(page.locator(".benefit-card")).toHaveCount(8);
  expect(consoleErrors).toEqual([]);
});

test.describe("contact form", () => {
  const field = (page: import("@playwright/test").Page, label: string) =>
    page.getByRole("region", { name: "Send Us a Message" }).getByLabel(label, { exact: true });
  async function fill(page: import("@playwright/test").Page, email: string) {
    await field(page, "Name").fill("E2E Recruit");
    await field(page, "Email").fill(email);
    await field(page, "Subject").fill("A question from the training yard");
    await field(page, "Message").fill("How do I unlock the knowledge section of a topic?");
  }

  test("sends a message: Sending... then success, and the form is cleared", async ({ page, consoleErrors }) => {
    await gotoAndSettle(page, "/contact");
    await expect(page.getByText("24-48 hours")).toBeVisible();
    await fill(page, `e2e-${Date.now()}@example.com`);

    // Hold the request briefly so the sending state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    const response = page.waitForResponse("**/api/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeDisabled();
    release();
    const res = await response;
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });

    await expect(page.getByRole("status").filter({ hasText: CONTACT_SUCCESS })).toBeVisible();
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      await expect(field(page, label)).toHaveValue("");
    }
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(consoleErrors).toEqual([]);
  });

  test.describe("when the server fails", () => {
    // The mocked 500 below is logged by the browser as a failed resource: expected here.
    test.use({ expectedConsoleErrors: [/status of 500/] });

    test("shows the failure message and keeps the text when the server fails", async ({ page }) => {
      await gotoAndSettle(page, "/contact");
      await page.route("**/api/contact", (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' }),
      );
      await fill(page, "fails@example.com");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByRole("alert").filter({ hasText: CONTACT_FAILURE })).toBeVisible();
      await expect(field(page, "Subject")).toHaveValue("A question from the training yard");
    });
  });

  test("the browser checks required fields and the email format before sending", async ({ page }) => {
    await gotoAndSettle(page, "/contact");
    let called = false;
    await page.route("**/api/contact", (route) => {
      called = true;
      return route.continue();
    });
    await fill(page, "not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect(await field(page, "Email").evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);
    await field(page, "Email").fill("ok@example.com");
    await field(page, "Name").fill("");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect(await field(page, "Name").evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    // Only spaces pass the browser's check but not the shared schema.
    await field(page, "Name").fill("   ");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Name is required." })).toBeVisible();
    expect(called).toBe(false);
  });

  test("the honeypot field is invisible to people", async ({ page }) => {
    await gotoAndSettle(page, "/contact");
    const trap = page.locator('input[name="website"]');
    await expect(trap).toHaveCount(1);
    await expect(trap).not.toBeInViewport();
    await expect(trap).toHaveAttribute("tabindex", "-1");
  });
});

test.describe("legal pages", () => {
  const cases: [string, RegExp[]][] = [
    [
      "/refund-policy",
      [/7 days/, /above 80%/, /certificate/, /accessed extensively/, /5-7 business days/, /24-48 hours/],
    ],
    ["/shipping", [/digital/i, /\$5 USD \/ 420 INR/]],
    ["/privacy", [/48 hours/]],
    ["/terms", [/\$5 USD \/ 420 INR/, /7 days/]],
  ];
  for (const [path, texts] of cases) {
    test(`${path} states its promised terms: price, refund window, response times`, async ({ page, consoleErrors }) => {
      await gotoAndSettle(page, path);
      const article = page.getByRole("article");
      for (const text of texts) await expect(article).toContainText(text);
      expect(consoleErrors).toEqual([]);
    });
  }
});

test.describe("responsive layout", () => {
  for (const width of [360, 1440]) {
    test(`my pages have no horizontal scroll and 44 px controls at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/", "/about", "/contact", "/terms", "/refund-policy", "/shipping", "/privacy"]) {
        await gotoAndSettle(page, path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} at ${width}`).toBeLessThanOrEqual(0);
        const small = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>("button, .btn, .site-nav a, .footer-links a, .social-links a")]
            .filter((el) => el.offsetParent !== null)
            .map((el) => ({ el, box: el.getBoundingClientRect() }))
            .filter(({ box }) => box.width > 0 && (box.height < 44 || box.width < 44))
            .map(({ el }) => el.textContent || el.getAttribute("aria-label") || el.outerHTML.slice(0, 60)),
        );
        expect(small, `${path} at ${width}`).toEqual([]);
      }
    });
  }

  test("the header collapses to a menu on a small screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await gotoAndSettle(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(nav).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav).toBeHidden();
  });
});
