import type { Page } from "@playwright/test";
import { expect, gotoAndSettle, test, wcagViolations } from "./fixtures";
import { answerQuiz, type Lesson, lessonsOf } from "./quiz-helpers";

const password = "royal-secret-1";

async function login(page: Page, email: string) {
  await gotoAndSettle(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("a missed Knowledge Check question comes back the next day, and the review session grades it on the server", async ({
  page,
  consoleErrors,
}) => {
  const email = `review-${Date.now()}-${test.info().workerIndex}@example.com`;
  const reg = await page.request.post("/api/auth/register", { data: { name: "Rana Reviewer", email, password } });
  expect(reg.status()).toBe(201);
  const [lesson] = (await lessonsOf(page, "javascript-fundamentals", (i) => i === 0)) as Lesson[];
  if (!lesson) throw new Error("no lesson");
  const missed = lesson.quiz[lesson.quiz.length - 1];
  if (!missed) throw new Error("no question");

  await login(page, email);
  await expect(page.getByTestId("review-today")).toHaveText(/Nothing to review today/);

  // Every question right but the last: a pass, with one question missed.
  await gotoAndSettle(page, "/course/javascript-fundamentals");
  await page
    .getByRole("button", { name: new RegExp(lesson.title) })
    .first()
    .click();
  await page.getByRole("button", { name: "Take Knowledge Quiz" }).click();
  await answerQuiz(page, lesson, lesson.quiz.length - 1);
  await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("dialog").getByText(/Your score: \d+%/)).toBeVisible();

  // Today it is not due: the dashboard says when it comes back.
  await gotoAndSettle(page, "/dashboard");
  await expect(page.getByTestId("review-today")).toHaveText(/Nothing to review today\. The next card comes back on/);

  // A day later (the server's test clock, on only in test mode): due.
  await page.setExtraHTTPHeaders({ "x-test-clock-days": "1" });
  await gotoAndSettle(page, "/dashboard");
  await page.getByRole("link", { name: "Review today (1)" }).click();
  await expect(page).toHaveURL(/\/review$/);
  const card = page.getByRole("article", { name: "Question 1 of 1" });
  await expect(card.getByText(missed.question.split("```")[0]?.trim() ?? "")).toBeVisible();
  // The key is not on the page before answering.
  const deck = await (await page.request.get("/api/review", { headers: { "x-test-clock-days": "1" } })).text();
  expect(deck).not.toMatch(/correct|explain/i);

  // The session works on a 360 px phone: no sideways scroll, no WCAG A/AA violation.
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await wcagViolations(page)).toEqual([]);

  await card.getByRole("radio", { name: missed.options[missed.correct] as string, exact: true }).check();
  const graded = page.waitForResponse((r) => /\/api\/review\/[^/]+\/answer$/.test(r.url()));
  await card.getByRole("button", { name: "Check answer" }).click();
  const answer = await graded;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toEqual({ answer: missed.correct });
  expect(await answer.json()).toMatchObject({ correct: true, correctIndex: missed.correct });
  await expect(card.getByText("Right!")).toBeVisible();
  await expect(card.getByRole("link", { name: /^Read: / })).toBeVisible();

  // Answered: nothing due today any more, even a day ahead.
  await gotoAndSettle(page, "/dashboard");
  await expect(page.getByTestId("review-today")).toHaveText(/Nothing to review today/);
  expect(consoleErrors).toEqual([]);
});
