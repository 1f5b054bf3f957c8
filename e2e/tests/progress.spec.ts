import type { Page } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";
import { answerQuiz, type Lesson, lessonsOf } from "./quiz-helpers";

const password = "royal-secret-1";

async function login(page: Page, email: string) {
  await gotoAndSettle(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("a learner passes a topic and its completion shows in a second browser after signing in there", async ({
  page,
  browser,
  consoleErrors,
}) => {
  const email = `earned-${Date.now()}-${test.info().workerIndex}@example.com`;
  const reg = await page.request.post("/api/auth/register", { data: { name: "Jon Earner", email, password } });
  expect(reg.status()).toBe(201);
  const lessons = await lessonsOf(page, "javascript-fundamentals", (i) => i === 0);
  const first = lessons[0] as Lesson;

  await login(page, email);
  await gotoAndSettle(page, "/course/javascript-fundamentals");
  await page
    .getByRole("button", { name: new RegExp(first.title) })
    .first()
    .click();
  await page.getByRole("button", { name: "Take Knowledge Quiz" }).click();
  await answerQuiz(page, first, first.quiz.length);
  const saved = page.waitForResponse(
    (r) => r.url().includes("/api/progress/javascript-fundamentals") && r.request().method() === "PUT" && r.ok(),
  );
  await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("dialog").getByText("Your score: 100%")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Continue Learning" }).click();
  await expect(page.getByRole("button", { name: `Completed: ${first.title}` })).toBeVisible();
  expect(((await (await saved).json()) as { completed: string[] }).completed).toEqual([first._id]);
  const note = page.locator(".progress-save");
  await expect(note).toHaveText("Saved");

  // Offline, a change waits (and says so) and is sent when the network is back.
  await page.context().setOffline(true);
  await page.getByRole("button", { name: `Completed: ${first.title}` }).click();
  await expect(note).toHaveText(/^Not saved yet: you are offline/);
  await page.getByRole("button", { name: `Complete: ${first.title}` }).click();
  const resent = page.waitForResponse(
    (r) => r.url().includes("/api/progress/javascript-fundamentals") && r.request().method() === "PUT" && r.ok(),
  );
  await page.context().setOffline(false);
  await resent;
  await expect(note).toHaveText("Saved");
  await expect(page.getByRole("button", { name: `Completed: ${first.title}` })).toBeVisible();

  const context = await browser.newContext();
  const other = await context.newPage();
  await login(other, email);
  await gotoAndSettle(other, "/course/javascript-fundamentals");
  await expect(other.getByRole("button", { name: `Completed: ${first.title}` })).toBeVisible();
  await expect(other.getByTestId("xp")).toHaveText("50");
  await context.close();
  expect(consoleErrors).toEqual([]);
});

test("a visitor's passed quiz counts once they register", async ({ page }) => {
  const lessons = await lessonsOf(page, "javascript-fundamentals", (i) => i === 1);
  const second = lessons[1] as Lesson;
  await gotoAndSettle(page, "/course/javascript-fundamentals");
  await page
    .getByRole("button", { name: new RegExp(second.title) })
    .first()
    .click();
  await page.getByRole("button", { name: "Take Knowledge Quiz" }).click();
  await answerQuiz(page, second, second.quiz.length);
  await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Continue Learning" }).click();
  await expect(page.getByRole("button", { name: `Completed: ${second.title}` })).toBeVisible();
  const receipts = await page.evaluate(() => JSON.parse(localStorage.getItem("quizReceipts") ?? "[]"));
  expect(receipts).toHaveLength(1);

  await gotoAndSettle(page, "/register");
  await page.getByLabel("Name").fill("Sansa Visitor");
  await page.getByLabel("Email").fill(`visitor-${Date.now()}-${test.info().workerIndex}@example.com`);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem("quizReceipts"))).toBeNull();
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const server = await page.request.get("/api/progress/javascript-fundamentals", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await server.json()).toMatchObject({ completed: [second._id], knowledgeUnlocked: [second._id], xp: 50 });
});
