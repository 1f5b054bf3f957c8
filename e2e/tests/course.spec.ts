import { expect, gotoAndSettle, settleAfter, test } from "./fixtures";
import { answerQuiz, type Lesson, lessonsOf } from "./quiz-helpers";

test.describe("the course page", () => {
  test("topic 0: read, fail the quiz, retake, pass, toggle completion", async ({ page, consoleErrors }) => {
    const lessons = await lessonsOf(page, "java-programming", (i) => i === 0);
    const first = lessons[0] as Lesson;
    await gotoAndSettle(page, "/course/java-programming");
    await expect(page.getByRole("heading", { level: 1, name: "Java Programming" })).toBeVisible();
    await expect(page.getByText("FREE COURSE")).toBeVisible();
    await expect(page.getByText("FREE ACCESS")).toBeVisible();
    await expect(page.getByText("61 lessons")).toBeVisible();

    await page
      .getByRole("button", { name: new RegExp(first.title) })
      .first()
      .click();
    const lesson = page.getByRole("article", { name: `Lesson: ${first.title}` });
    await expect(lesson).toBeVisible();
    await expect(lesson.getByRole("button", { name: /Copy java code/ }).first()).toBeVisible();
    await expect(page.getByText("Complete the Knowledge Quiz with 80% to unlock completion button")).toBeVisible();
    await expect(page.getByRole("button", { name: `Locked: ${first.title}` })).toBeDisabled();

    await page.getByRole("button", { name: "Take Knowledge Quiz" }).click();
    const dialog = page.getByRole("dialog");
    const submit = dialog.getByRole("button", { name: "Submit" });
    await expect(submit).toBeDisabled();
    await answerQuiz(page, first, 3);
    await submit.click();
    await expect(dialog.getByText("Your score: 60%")).toBeVisible();
    await expect(
      dialog.getByText("You need 80% to unlock the Knowledge section. Review the topic and try again."),
    ).toBeVisible();
    // A failure teaches the two wrong answers, each with a link to its lesson, and never names the right option.
    await expect(dialog.getByRole("link", { name: /^Read: / })).toHaveCount(2);
    await expect(dialog.getByText(/Right answer/)).toHaveCount(0);
    await dialog.getByRole("button", { name: "Retake Quiz" }).click();
    await expect(dialog.getByRole("button", { name: "Submit" })).toBeDisabled();
    await dialog
      .getByRole("button", { name: "Continue Learning" })
      .or(dialog.getByRole("button", { name: "Close" }))
      .first()
      .click();
    await expect(page.getByText("Current progress:")).toBeVisible();
    await expect(page.getByRole("button", { name: `Locked: ${first.title}` })).toBeDisabled();

    await page.getByRole("button", { name: "Retake Knowledge Quiz" }).click();
    await answerQuiz(page, first, 4);
    await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("dialog").getByText("Your score: 80%")).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Continue Learning" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await expect(page.getByTestId("xp")).toHaveText("50");
    await expect(page.getByTestId("level")).toHaveText("1");
    await expect(page.getByTestId("streak")).toHaveText("1");
    const toggle = page.getByRole("button", { name: "Topic Completed" });
    await expect(toggle).toBeVisible();
    await toggle.click();
    await expect(page.getByRole("button", { name: "Mark as Completed" })).toBeVisible();
    await expect(page.getByTestId("xp")).toHaveText("0");
    await page.getByRole("button", { name: "Mark as Completed" }).click();
    await expect(page.getByTestId("xp")).toHaveText("50");

    // progress restores when the course opens again
    await page.reload();
    await expect(page.getByTestId("xp")).toHaveText("50");
    expect(consoleErrors).toEqual([]);
  });

  test("completing the last topic opens the certificate once and never invents a code for a visitor", async ({
    page,
    consoleErrors,
  }) => {
    const courseId = "python-programming";
    const lessons = await lessonsOf(page, courseId, (i, n) => i === n - 1);
    const last = lessons[lessons.length - 1] as Lesson;
    const others = lessons.slice(0, -1).map((l) => l._id);
    await page.goto("/");
    await page.evaluate(
      ([key, ids]) =>
        localStorage.setItem(
          key as string,
          JSON.stringify({
            completed: ids,
            knowledgeUnlocked: ids,
            topicProgress: {},
            xp: 50 * ids.length,
            streak: ids.length,
          }),
        ),
      [`progress_${courseId}`, others] as const,
    );
    await gotoAndSettle(page, `/course/${courseId}`);
    await page.getByRole("button", { name: "View Curriculum" }).click();
    await page
      .getByRole("list", { name: "Curriculum" })
      .getByRole("button", { name: new RegExp(last.title) })
      .click();
    await page.getByRole("button", { name: "Take Knowledge Quiz" }).click();
    await answerQuiz(page, last, 5);
    await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Continue Learning" }).click();

    const certificate = page.getByRole("dialog", { name: "Congratulations, Champion!" });
    await expect(certificate).toBeVisible();
    await expect(certificate.getByText("Student", { exact: true })).toBeVisible();
    await expect(certificate.getByText("Python Programming", { exact: true })).toBeVisible();
    // A visitor has no recorded certificate: the dialog never invents a code, it asks them to sign in.
    let downloads = 0;
    page.on("download", () => {
      downloads += 1;
    });
    await certificate.getByRole("button", { name: "Download Certificate" }).click();
    await expect(certificate.getByRole("alert")).toHaveText(
      "Sign in to download your certificate: its verification code is recorded on your account.",
    );
    expect(downloads).toBe(0);
    await certificate.getByRole("button", { name: "Close" }).click();

    await settleAfter(page, () => page.reload());
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("double-clicking a locked row does not complete it; one row open at a time", async ({ page }) => {
    const lessons = await lessonsOf(page, "java-programming", () => false);
    await gotoAndSettle(page, "/course/java-programming");
    const second = lessons[1] as Lesson;
    const third = lessons[2] as Lesson;
    const header = page.getByRole("button", { name: new RegExp(second.title) }).first();
    // Completion needs a passed quiz first (the server would refuse it anyway).
    await header.dblclick();
    await expect(page.getByRole("button", { name: `Locked: ${second.title}` })).toBeDisabled();
    await page
      .getByRole("button", { name: new RegExp(third.title) })
      .first()
      .click();
    await expect(page.getByRole("article", { name: `Lesson: ${third.title}` })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);
    await page
      .getByRole("button", { name: new RegExp(third.title) })
      .first()
      .click();
    await expect(page.getByRole("article")).toHaveCount(0);
  });

  test.describe("when the course cannot be loaded", () => {
    // These tests make the requests fail on purpose: the browser logs each failed load.
    test.use({ expectedConsoleErrors: [/status of 404|net::ERR_FAILED/] });

    test("an unknown course says Course not found", async ({ page }) => {
      await gotoAndSettle(page, "/course/no-such-course");
      await expect(page.getByText("Course not found")).toBeVisible();
    });

    test("a network failure says so with Retry, never Course not found, and Retry loads the course", async ({
      page,
    }) => {
      let down = true;
      await page.route("**/api/courses/java-programming", (route) => (down ? route.abort() : route.continue()));
      // The course's prerendered page carries its data, so the request is made by a client-side
      // navigation: from a client-rendered page (login) to the catalogue, then to the course.
      await gotoAndSettle(page, "/login");
      await page.getByRole("navigation").getByRole("link", { name: "Courses", exact: true }).first().click();
      await page
        .getByRole("link", { name: /Java Programming/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/course\/java-programming$/);
      await expect(page.getByRole("alert").filter({ hasText: "The course could not be loaded." })).toBeVisible();
      await expect(page.getByText("Course not found")).toHaveCount(0);
      down = false;
      await page.getByRole("button", { name: "Retry" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Java Programming" })).toBeVisible();
    });

    test("a failed catalogue shows an error with Retry, not the empty catalogue text", async ({ page }) => {
      let down = true;
      await page.route("**/api/courses", (route) => (down ? route.abort() : route.continue()));
      await gotoAndSettle(page, "/courses");
      await expect(page.getByRole("alert").filter({ hasText: "The courses could not be loaded." })).toBeVisible();
      await expect(page.getByText(/No courses available yet/)).toHaveCount(0);
      down = false;
      await page.getByRole("button", { name: "Retry" }).click();
      await expect(page.getByRole("link", { name: /Java Programming/ }).first()).toBeVisible();
    });
  });

  for (const { course, width } of [
    { course: "java-programming", width: 360 },
    { course: "python-programming", width: 1280 },
  ]) {
    test(`${course} at ${width} px: the editor arrives without moving what is below it`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await gotoAndSettle(page, `/course/${course}`);
      const quiz = page.getByRole("region", { name: /Course Quiz/ });
      const top = () => quiz.evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
      const placeholder = page.locator(".code-editor-placeholder");
      await expect(placeholder).toBeVisible();
      await expect(placeholder.getByRole("button", { name: "Execute" })).toBeDisabled();
      const before = await top();
      await placeholder.scrollIntoViewIfNeeded();
      await expect(page.locator(".cm-content").first()).toBeVisible();
      await expect(placeholder).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Execute" })).toBeEnabled();
      expect(Math.abs((await top()) - before), "the quiz's distance from the top of the page").toBeLessThan(1);
    });
  }

  test("the course quiz panel moves question by question to a scored result", async ({ page }) => {
    await gotoAndSettle(page, "/course/python-programming");
    const panel = page.getByRole("region", { name: /Course Quiz/ });
    for (let i = 0; i < 3; i++) {
      const next = panel.getByRole("button", { name: i === 2 ? "Finish Quiz" : "Next" });
      await expect(next).toBeDisabled();
      await panel.getByRole("radio").first().check();
      await next.click();
    }
    // The first options get question 3 (len) right: two wrong answers, each explained and linked, no key.
    await expect(panel.getByText("1 / 3 correct (33%)")).toBeVisible();
    await expect(panel.getByText("Keep learning", { exact: true })).toBeVisible();
    await expect(panel.getByRole("link", { name: /^Read: / })).toHaveCount(2);
    await expect(panel.getByRole("link", { name: "Read: Tuples" })).toHaveAttribute(
      "href",
      "/course/python-programming/lesson/python-programming--lists-and-tuples#section-tuples",
    );
    await expect(panel.getByText(/Right answer/)).toHaveCount(0);
    await panel.getByRole("button", { name: "Take Quiz Again" }).click();
    await expect(panel.getByText("Question 1 of 3", { exact: false })).toBeVisible();
  });
});

test.describe("the courses page", () => {
  test("shows free and premium cards with their actions", async ({ page, consoleErrors }) => {
    await gotoAndSettle(page, "/courses");
    await expect(page.getByText("FREE", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Free: Java Programming" })).toBeVisible();
    await page.getByRole("button", { name: "Upgrade to unlock React Development" }).click();
    const modal = page.getByRole("dialog", { name: "Unlock Premium" });
    await expect(modal).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(modal).toHaveCount(0);
    await page.getByRole("button", { name: "Upgrade to unlock React Development" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Pay ₹100" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Please login or register to make a payment/);
    await expect(page).toHaveURL(/\/login$/);
    expect(consoleErrors).toEqual([]);
  });
});
