import type { Browser, Page } from "@playwright/test";
import { expect, test, wcagViolations } from "./fixtures";
import { answerKey } from "./quiz-helpers";

const password = "royal-secret-1";
const unique = (tag: string) => `${tag}-${Date.now()}-${test.info().workerIndex}`;

/** A fresh browser context (its own storage), collecting console errors of its page. */
async function freshPage(browser: Browser, baseURL: string, options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return { context, page, errors };
}

async function registerThroughForm(page: Page, name: string, email: string) {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("a learner copies the referral link, a friend joins with it (80 credits pending), passes a first Knowledge Check, and the learner sees 80 credits earned", async ({
  browser,
  baseURL,
}) => {
  const origin = String(baseURL);
  const a = await freshPage(browser, origin, { permissions: ["clipboard-read", "clipboard-write"] });
  const b = await freshPage(browser, origin);
  try {
    await a.page.goto("/register");
    await registerThroughForm(a.page, "Arthur Referrer", `${unique("referrer")}@example.com`);
    const section = a.page.getByRole("region", { name: "Referral Program" });
    await expect(section.getByText("Earn 80 credits for each successful referral!")).toBeVisible();
    await expect(section.getByText("Total Credits")).toBeVisible();
    await expect(section.getByRole("heading", { name: "How it works" })).toBeVisible();
    await expect(section.getByRole("heading", { name: "Your Referrals" })).toHaveCount(0);
    const code = (await section.locator(".referral-code").textContent())?.trim() ?? "";
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);

    const whatsapp = section.getByRole("link", { name: "Share on WhatsApp" });
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    await expect(whatsapp).toHaveAttribute("rel", "noopener noreferrer");
    await expect(whatsapp).toHaveAttribute("href", new RegExp(`^https://wa\\.me/\\?text=.*${code}`));

    await section.getByRole("button", { name: "Copy Link" }).click();
    await expect(section.getByRole("button", { name: "Copied!" })).toBeVisible();
    const link = await a.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${origin}/register?ref=${code}`);
    await expect(section.getByRole("button", { name: "Copy Link" })).toBeVisible();

    // Friend B, in a browser of their own, opens the link.
    const friendName = `Bedivere ${Date.now()}`;
    await b.page.goto(link);
    await expect(b.page.getByLabel(/Referral Code/)).toHaveValue(code);
    await expect(b.page.getByText("Your referrer will earn ₹200 when you join!")).toBeVisible();
    const applied = b.page.waitForResponse((r) => r.url().endsWith("/api/referral/apply-code"));
    await registerThroughForm(b.page, friendName, `${unique("friend")}@example.com`);
    expect((await applied).status()).toBe(200); // registration had already credited it: nothing more granted

    // Joining alone earns nothing yet: the credit is pending until the friend's first pass.
    await a.page.reload();
    await expect(section.getByText("Total Credits").locator("xpath=preceding-sibling::span[1]")).toHaveText("0");
    await expect(section.getByText(/^1 friend is still on their first quest: 80 more credits/)).toBeVisible();

    const lessons = (await (await b.page.request.get("/api/materials/course/java-programming")).json()) as {
      _id: string;
    }[];
    const first = String(lessons[0]?._id);
    const token = await b.page.evaluate(() => localStorage.getItem("token"));
    const pass = await b.page.request.post("/api/quiz/attempts", {
      headers: { authorization: `Bearer ${token}` },
      data: { materialId: first, answers: answerKey(first) },
    });
    expect(((await pass.json()) as { passed: boolean }).passed).toBe(true);

    await a.page.reload();
    await expect(section.getByText("Total Credits").locator("xpath=preceding-sibling::span[1]")).toHaveText("80");
    await expect(section.getByText(/first quest/)).toHaveCount(0);
    await expect(section.getByText("Successful Referrals").locator("xpath=preceding-sibling::span[1]")).toHaveText("1");
    const friends = section.getByRole("heading", { name: "Your Referrals" }).locator("xpath=..");
    await expect(friends.getByText(friendName)).toBeVisible();
    await expect(friends.getByText(/^Joined on /)).toBeVisible();

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test("the referral section fits 360 px and has no WCAG 2.1 A/AA violations", async ({ browser, baseURL }, testInfo) => {
  const origin = String(baseURL);
  const referrer = await freshPage(browser, origin, { viewport: { width: 360, height: 800 } });
  try {
    const email = `${unique("narrow")}@example.com`;
    await referrer.page.goto("/register");
    await registerThroughForm(referrer.page, "Narrow Screen Knight", email);
    const code = (await referrer.page.locator(".referral-code").textContent())?.trim() ?? "";
    // One friend joins through the API, so the Your Referrals list is part of the check.
    const res = await referrer.page.request.post("/api/auth/register", {
      data: {
        name: "A Friend With A Rather Long Name Indeed",
        email: `${unique("f")}@example.com`,
        password,
        referralCode: code,
      },
    });
    expect(res.status()).toBe(201);
    await referrer.page.reload();
    const section = referrer.page.getByRole("region", { name: "Referral Program" });
    await expect(section.getByRole("heading", { name: "Your Referrals" })).toBeVisible();
    // Entrance animations end before contrast is measured.
    await referrer.page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));

    const shot = testInfo.outputPath("referral-section-360px.png");
    await section.screenshot({ path: shot });
    await testInfo.attach("referral-section-360px", { path: shot, contentType: "image/png" });

    const overflow = await referrer.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await section.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);

    expect(await wcagViolations(referrer.page, "section[aria-labelledby='referral-title']")).toEqual([]);
    expect(referrer.errors).toEqual([]);
  } finally {
    await referrer.context.close();
  }
});
