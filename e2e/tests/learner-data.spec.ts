import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";
import { answerKey } from "./quiz-helpers";

const password = "royal-secret-1";
const COURSE = "javascript-fundamentals";
const TRIAL = "python-programming--getting-started-with-python--1";
let counter = 0;
const uniqueEmail = (what: string) => `${what}-${Date.now()}-${++counter}-${test.info().workerIndex}@example.com`;

/** The browser logs every refused request (400, 401) as a failed resource; these flows expect some. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 40[01]/.test(e));

async function register(request: APIRequestContext, name: string, email: string) {
  const res = await request.post("/api/auth/register", { data: { name, email, password } });
  expect(res.status()).toBe(201);
  const token = ((await res.json()) as { token: string }).token;
  return { authorization: `Bearer ${token}` };
}

async function login(page: Page, email: string) {
  await gotoAndSettle(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Passes the first topic of the course and marks it completed, through the API the course page uses. */
async function passFirstTopic(request: APIRequestContext, auth: Record<string, string>) {
  expect((await request.put(`/api/enrollments/${COURSE}`, { headers: auth })).status()).toBe(201);
  const lessons = (await (await request.get(`/api/materials/course/${COURSE}`)).json()) as { _id: string }[];
  const first = String(lessons[0]?._id);
  const graded = await request.post("/api/quiz/attempts", {
    headers: auth,
    data: { materialId: first, answers: answerKey(first) },
  });
  expect(graded.status()).toBe(200);
  const saved = await request.put(`/api/progress/${COURSE}`, {
    headers: auth,
    data: { completed: [first], knowledgeUnlocked: [first], topicProgress: { [first]: 100 }, xp: 50, streak: 1 },
  });
  expect(((await saved.json()) as { completed: string[] }).completed).toEqual([first]);
  return lessons.length;
}

/** Nothing wider than the phone's screen. */
async function fitsWidth(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

test("a learner downloads all their data as one JSON file holding their attempts", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("export");
  const auth = await register(request, "Amarendra Export", email);
  await passFirstTopic(request, auth);
  // A trial submission too, where this machine can grade one.
  const status = await request.get("/api/run/status");
  const engine = status.ok() ? ((await status.json()) as { engine: string }).engine : "off";
  const code = "print('my own attempt 4c1d')\n";
  if (engine !== "off") {
    const submitted = await request.post(`/api/exercises/${TRIAL}/submissions`, {
      headers: auth,
      data: { code, language: "python" },
      timeout: 90_000,
    });
    expect(submitted.status()).toBe(200);
  }

  await login(page, email);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^kingdom-of-code-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(String(await download.path()), "utf8"));
  expect(data.profile).toMatchObject({ name: "Amarendra Export", email });
  expect(JSON.stringify(data)).not.toMatch(/password_?hash/i);
  expect(data.quizAttempts.length).toBeGreaterThan(0);
  expect(data.enrollments).toEqual([expect.objectContaining({ courseId: COURSE })]);
  if (engine !== "off") {
    expect(data.exerciseAttempts).toEqual([expect.objectContaining({ exerciseId: TRIAL, code, language: "python" })]);
  }

  // The account page offers the same file.
  await gotoAndSettle(page, "/account");
  const [again] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download my data" }).click(),
  ]);
  expect(again.suggestedFilename()).toBe(download.suggestedFilename());
  expect(unexpected(consoleErrors)).toEqual([]);
});

test.describe("on a 360 px phone", () => {
  // A wrong password is tried on purpose (400), and the deleted account's session and login are refused (401).
  test.use({ expectedConsoleErrors: [/status of 40[01]/] });
  test.use({ viewport: { width: 360, height: 740 } });

  test("a learner starts a course over and sees it at 0%", async ({ page, request, consoleErrors }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail("restart");
    const auth = await register(request, "Devasena Restart", email);
    const total = await passFirstTopic(request, auth);
    await login(page, email);

    await gotoAndSettle(page, `/course/${COURSE}`);
    const tracker = page.getByRole("region", { name: "Your Progress" });
    await expect(tracker.getByText(`1 of ${total} topics completed`)).toBeVisible();
    await tracker.getByRole("button", { name: "Start this course over" }).click();
    const dialog = page.getByRole("dialog", { name: "Start this course over?" });
    await expect(dialog).toContainText("your 1 completed topic and the 50 XP");
    await expect(dialog).toContainText("You keep your enrolment, your certificates, your payments");
    await fitsWidth(page);
    // Changing one's mind resets nothing.
    await dialog.getByRole("button", { name: "Keep my progress" }).click();
    await expect(tracker.getByText(`1 of ${total} topics completed`)).toBeVisible();

    await tracker.getByRole("button", { name: "Start this course over" }).click();
    await dialog.getByRole("button", { name: "Yes, start over" }).click();
    await expect(dialog).toBeHidden();
    await expect(tracker.getByText(`0 of ${total} topics completed (0%)`)).toBeVisible();
    await expect(tracker.getByTestId("xp")).toHaveText("0");
    // It stays so after a reload (the server's record, not only this page's).
    await page.reload();
    await expect(tracker.getByText(`0 of ${total} topics completed (0%)`)).toBeVisible();

    await gotoAndSettle(page, "/dashboard");
    const card = page.locator(".enrolled-course", { hasText: "JavaScript" });
    await expect(card.getByText(`0% · 0 of ${total} lessons done`)).toBeVisible();
    await fitsWidth(page);
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  test("a learner deletes the account with the password and can no longer log in", async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail("delete");
    const otherDevice = await register(request, "Kattappa Delete", email);
    await login(page, email);
    await gotoAndSettle(page, "/account");
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog).toContainText("Kept: the invoices");
    await fitsWidth(page);

    // Without the box ticked, nothing is sent; a wrong password is refused and cleared.
    await dialog.getByLabel("Current password").fill(password);
    await dialog.getByRole("button", { name: "Delete my account for good" }).click();
    await expect(dialog.getByText("Tick the box to confirm.")).toBeVisible();
    await dialog.getByRole("checkbox", { name: /I understand/ }).check();
    await dialog.getByLabel("Current password").fill("royal-secret-2");
    await dialog.getByRole("button", { name: "Delete my account for good" }).click();
    await expect(dialog.getByText("is not your current password")).toBeVisible();
    await expect(dialog.getByLabel("Current password")).toHaveValue("");
    expect((await request.get("/api/auth/me", { headers: otherDevice })).status()).toBe(200);

    await dialog.getByLabel("Current password").fill(password);
    await dialog.getByRole("button", { name: "Delete my account for good" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(/Your account and your learning records have been deleted/)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    // Every session ended, and the password no longer opens the gates.
    expect((await request.get("/api/auth/me", { headers: otherDevice })).status()).toBe(401);
    await gotoAndSettle(page, "/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect(unexpected(consoleErrors)).toEqual([]);
  });
});
