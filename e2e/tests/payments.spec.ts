import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, gotoAndSettle, test, wcagViolations } from "./fixtures";

const password = "royal-secret-1";
let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++counter}-${test.info().workerIndex}@example.com`;

async function freeLearner(page: Page, request: APIRequestContext, name: string) {
  const email = uniqueEmail("pay");
  const res = await request.post("/api/auth/register", { data: { name, email, password } });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  await gotoAndSettle(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, auth: { authorization: `Bearer ${token}` } };
}

const isPremium = async (request: APIRequestContext, auth: Record<string, string>) =>
  ((await (await request.get("/api/auth/me", { headers: auth })).json()) as { isPremium: boolean }).isPremium;

async function openTestCheckout(page: Page) {
  await page.getByRole("button", { name: "24hr Flash Deal - 100 Lifetime" }).click();
  await page.getByRole("dialog", { name: "Upgrade to Premium" }).getByRole("button", { name: "Pay ₹100" }).click();
  const checkout = page.getByRole("dialog", { name: "Test payment" });
  await expect(checkout).toBeVisible();
  await expect(checkout.getByText(/This is a test checkout: no money moves/)).toBeVisible();
  return checkout;
}

test("a free learner pays from the dashboard, downloads the invoice and finds every course open", async ({
  page,
  request,
  consoleErrors,
}) => {
  const learner = await freeLearner(page, request, "Sivagami Buyer");
  await expect(page.getByRole("region", { name: "My Invoices" }).getByText(/No invoices yet/)).toBeVisible();
  const checkout = await openTestCheckout(page);
  await checkout.getByRole("button", { name: "Pay ₹100.00" }).click();

  const receipt = page.getByRole("dialog", { name: "Payment Successful!" });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByText(/^order_/)).toBeVisible();
  await expect(receipt.getByText(/^INV-\d{6}$/)).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Payment Successful!" })).toBeVisible();
  const download = page.waitForEvent("download");
  await receipt.getByRole("link", { name: /Download invoice INV-/ }).click();
  const file = await (await download).path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
  await receipt.getByRole("button", { name: "Close" }).click();

  // No reload: the cached user now says premium.
  await expect(page.getByText("Premium Member - Enjoy lifetime access to all premium features!")).toBeVisible();
  await expect(page.getByText("24HR DEAL")).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "My Invoices" }).getByRole("link", { name: /Download invoice/ }),
  ).toBeVisible();
  expect(await isPremium(request, learner.auth)).toBe(true);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Courses" }).click();
  await expect(page).toHaveURL(/\/courses$/);
  const cards = page.locator(".course-card");
  await expect(cards.first()).toBeVisible();
  const total = await cards.count();
  await expect(page.getByRole("link", { name: /^Access Premium: / })).toHaveCount(total);
  await expect(page.getByText("PREMIUM", { exact: true })).toHaveCount(total);
  await expect(page.getByRole("button", { name: /^Upgrade/ })).toHaveCount(0);

  // A premium course and one of its lessons.
  await page.getByRole("link", { name: "Access Premium: React Development" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "React Development" })).toBeVisible();
  const lessons = (await (await request.get("/api/materials/course/react-development")).json()) as { title: string }[];
  const second = lessons[1] ?? lessons[0];
  if (!second) throw new Error("React Development has no lessons");
  await page
    .getByRole("button", { name: new RegExp(second.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
    .first()
    .click();
  await expect(page.getByRole("article", { name: `Lesson: ${second.title}` })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("dismissing the checkout leaves the learner free; a failed payment says so", async ({
  page,
  request,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const learner = await freeLearner(page, request, "Kattappa Hesitant");
  const checkout = await openTestCheckout(page);
  // The test checkout is accessible and fits a 360 px screen.
  expect(await wcagViolations(page)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await checkout.getByRole("button", { name: "Close" }).click();
  await expect(checkout).toHaveCount(0);
  // Back at the offer, ready to pay again, with no alert.
  const offer = page.getByRole("dialog", { name: "Upgrade to Premium" });
  await expect(offer.getByRole("button", { name: "Pay ₹100" })).toBeEnabled();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await offer.getByRole("button", { name: "Close" }).click();
  await expect(page.getByText("24HR DEAL")).toBeVisible();
  expect(await isPremium(request, learner.auth)).toBe(false);

  const again = await openTestCheckout(page);
  await again.getByRole("button", { name: "Make payment fail" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Payment failed. Please try again." })).toBeVisible();
  await expect(
    page.getByRole("dialog", { name: "Upgrade to Premium" }).getByRole("button", { name: "Pay ₹100" }),
  ).toBeEnabled();
  expect(await isPremium(request, learner.auth)).toBe(false);
  expect(consoleErrors).toEqual([]);
});

test("a visitor who presses pay on the courses page is sent to /login", async ({ page, consoleErrors }) => {
  await gotoAndSettle(page, "/courses");
  await page.getByRole("button", { name: "Upgrade to unlock React Development" }).click();
  await page.getByRole("dialog", { name: "Unlock Premium" }).getByRole("button", { name: "Pay ₹100" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please login or register to make a payment" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(consoleErrors).toEqual([]);
});
