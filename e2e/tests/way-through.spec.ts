import type { APIRequestContext, Page } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";
import { answerQuiz, type Lesson, lessonsOf } from "./quiz-helpers";

// The way through a course (docs/decisions/0020-lesson-addresses.md). Every lesson has an address; Next, Continue and Start lead on;
// registering and signing in return to the course; the dashboard's unenrol warns first.

const password = "way-through-pass-1";
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function registerThroughApi(request: APIRequestContext, name: string) {
  const email = uniqueEmail("way");
  const res = await request.post("/api/auth/register", { data: { name, email, password } });
  expect(res.status()).toBe(201);
  const { token, user } = (await res.json()) as { token: string; user: { email: string } };
  return { email, token, user, auth: { authorization: `Bearer ${token}` } };
}

/** Puts a session into the browser as the app keeps it (token and user in localStorage). */
async function signInBrowser(page: Page, account: { token: string; user: unknown }) {
  await page.goto("/about");
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem("token", token as string);
      localStorage.setItem("user", JSON.stringify(user));
    },
    [account.token, account.user],
  );
}

const lessonArticle = (page: Page, title: string) => page.getByRole("article", { name: `Lesson: ${title}` });

/** The open lesson's row starts below the sticky header, within the window. */
async function expectRowBelowHeader(page: Page, lesson: Lesson) {
  const row = page.locator(`[id="material-${lesson._id}"]`);
  await expect(row).toBeInViewport();
  await expect
    .poll(async () => {
      const header = await page.locator(".site-header").boundingBox();
      const box = await row.boundingBox();
      return header && box ? box.y >= header.y + header.height - 1 && box.y < header.y + header.height + 80 : false;
    })
    .toBe(true);
}

test.describe("every lesson has an address", () => {
  test("deep link, document title, reload, Next, Back and Forward keep the lesson", async ({ page, consoleErrors }) => {
    const lessons = await lessonsOf(page, "java-programming", () => false);
    const [, second, third] = lessons as [Lesson, Lesson, Lesson];
    await gotoAndSettle(page, `/course/java-programming/lesson/${second._id}`);
    await expect(lessonArticle(page, second.title)).toBeVisible();
    await expect(page).toHaveTitle(`${second.title} · Java Programming · Kingdom of Code`);
    await expectRowBelowHeader(page, second);
    const toggle = page.getByRole("button", { name: `2. ${second.title}`, exact: true });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");

    await page.reload();
    await expect(lessonArticle(page, second.title)).toBeVisible();
    await expectRowBelowHeader(page, second);

    // Next lesson: {title} at the end of the lesson leads to the next address.
    await page.getByRole("link", { name: `Next lesson: ${third.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/course/java-programming/lesson/${third._id}$`));
    await expect(lessonArticle(page, third.title)).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);
    await expectRowBelowHeader(page, third);
    await expect(page).toHaveTitle(`${third.title} · Java Programming · Kingdom of Code`);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/lesson/${second._id}$`));
    await expect(lessonArticle(page, second.title)).toBeVisible();
    await expectRowBelowHeader(page, second);
    await page.goForward();
    await expect(lessonArticle(page, third.title)).toBeVisible();

    // Previous goes back one lesson; opening a row is a history entry too; closing it returns to /course/{id}.
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(new RegExp(`/lesson/${second._id}$`));
    await page.getByRole("button", { name: `2. ${second.title}`, exact: true }).click();
    await expect(page).toHaveURL(/\/course\/java-programming$/);
    await expect(page.getByRole("article")).toHaveCount(0);
    await expect(page).toHaveTitle("Java Programming | Kingdom of Code");
    expect(consoleErrors).toEqual([]);
  });

  test("the last lesson's Next leads to the course quiz; an unknown lesson shows a notice", async ({ page }) => {
    const lessons = await lessonsOf(page, "git-version-control", () => false);
    const last = lessons[lessons.length - 1] as Lesson;
    await gotoAndSettle(page, `/course/git-version-control/lesson/${last._id}`);
    const next = page.getByRole("link", { name: "Next: Course Quiz and Certificate" });
    await expect(next).toHaveAttribute("href", "/course/git-version-control#course-quiz");
    await next.click();
    await expect(page.locator("#course-quiz")).toBeInViewport();

    await gotoAndSettle(page, "/course/git-version-control/lesson/java-programming--operators");
    await expect(page.getByRole("alert").filter({ hasText: "That lesson is not part of this course" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Git and Version Control", level: 1 })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
  });

  test("a premium lesson's address shows the upgrade prompt to a free learner, not an error", async ({ page }) => {
    const account = await registerThroughApi(page.request, "Free Reader");
    await signInBrowser(page, account);
    const lessons = await lessonsOf(page, "react-development", () => false);
    const second = lessons[1] as Lesson;
    await gotoAndSettle(page, `/course/react-development/lesson/${second._id}`);
    const row = page.locator(`[id="material-${second._id}"]`);
    await expect(row.getByRole("note").filter({ hasText: "Premium lesson" })).toBeVisible();
    await expect(row.getByRole("link", { name: "Upgrade to Premium" })).toBeVisible();
  });

  test("the server answers a reload of a lesson address with the app", async ({ request }) => {
    const res = await request.get("/course/java-programming/lesson/java-programming--operators");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/html");
    expect(await res.text()).toContain('<div id="root">');
  });
});

test.describe("rows say what they mean", () => {
  test("open to read, Up next on the current lesson, and Locked with its reason on focus", async ({ page }) => {
    const lessons = await lessonsOf(page, "java-programming", () => false);
    const first = lessons[0] as Lesson;
    await gotoAndSettle(page, "/course/java-programming");
    const row = page.locator(`[id="material-${first._id}"]`);
    await expect(row).toHaveAttribute("aria-current", "step");
    await expect(row.getByText("Open to read")).toBeVisible();
    await expect(row.getByText("Up next")).toBeVisible();
    await expect(row.locator(".lucide-lock")).toHaveCount(0);
    const locked = page.getByRole("button", { name: `Locked: ${first.title}` });
    await expect(locked).toHaveAccessibleDescription("Pass the Knowledge Check with 80% to complete this lesson");
    const reason = row.getByRole("tooltip");
    await expect(reason).toBeHidden();
    await locked.focus();
    await expect(reason).toBeVisible();
    await expect(page.getByRole("link", { name: first.title, exact: true })).toHaveAttribute(
      "href",
      `/course/java-programming/lesson/${first._id}`,
    );
  });
});

test.describe("starting a course", () => {
  test("a visitor's Start goes to /register?next=, and registering returns enrolled with lesson 1 open", async ({
    page,
    consoleErrors,
  }) => {
    const lessons = await lessonsOf(page, "git-version-control", () => false);
    const first = lessons[0] as Lesson;
    await gotoAndSettle(page, "/course/git-version-control");
    await page.getByRole("button", { name: "Start Learning Now" }).click();
    await expect(page).toHaveURL(/\/register\?next=\/course\/git-version-control$/);
    await expect(page.getByRole("link", { name: "Login here" })).toHaveAttribute(
      "href",
      "/login?next=/course/git-version-control",
    );
    await page.getByLabel("Name").fill("Start Learner");
    await page.getByLabel("Email").fill(uniqueEmail("start"));
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(new RegExp(`/course/git-version-control/lesson/${first._id}$`));
    await expect(lessonArticle(page, first.title)).toBeVisible();
    await expect(
      page.getByRole("alert").filter({ hasText: "Successfully enrolled in Git and Version Control!" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Unenroll Course" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("signing in from the course's login link returns there, enrolled, lesson 1 open", async ({ page }) => {
    const account = await registerThroughApi(page.request, "Returning Learner");
    const lessons = await lessonsOf(page, "sql-databases", () => false);
    const first = lessons[0] as Lesson;
    await gotoAndSettle(page, "/login?next=/course/sql-databases");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(new RegExp(`/course/sql-databases/lesson/${first._id}$`));
    await expect(lessonArticle(page, first.title)).toBeVisible();
    const list = (await (await page.request.get("/api/enrollments", { headers: account.auth })).json()) as {
      _id: string;
    }[];
    expect(list.map((c) => c._id)).toEqual(["sql-databases"]);
  });

  for (const next of ["//evil.example", "https://evil.example/", "javascript:alert(1)", "/\\evil.example"]) {
    test(`a next of ${JSON.stringify(next)} is ignored: the learner goes to /dashboard`, async ({ page }) => {
      const account = await registerThroughApi(page.request, "Careful Learner");
      await gotoAndSettle(page, `/login?next=${encodeURIComponent(next)}`);
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL ?? page.url()).host);
    });
  }

  test("a signed-in learner enrols with one click on Start, and lesson 1 opens", async ({ page }) => {
    const account = await registerThroughApi(page.request, "One Click");
    await signInBrowser(page, account);
    const lessons = await lessonsOf(page, "html-css-foundations", () => false);
    await gotoAndSettle(page, "/course/html-css-foundations");
    await page.getByRole("button", { name: "Start Learning Now" }).click();
    await expect(page).toHaveURL(new RegExp(`/lesson/${(lessons[0] as Lesson)._id}$`));
    await expect(page.getByRole("button", { name: "Unenroll Course" })).toBeVisible();
  });
});

test.describe("the dashboard leads", () => {
  test("Continue leads to the first lesson not completed; Enrolled warns before unenrolling", async ({ page }) => {
    const account = await registerThroughApi(page.request, "Dash Learner");
    const lessons = await lessonsOf(page, "java-programming", (i) => i === 0);
    const [first, second] = lessons as [Lesson, Lesson];
    await page.request.put("/api/enrollments/java-programming", { headers: account.auth });
    await signInBrowser(page, account);
    // Lesson 1 passed (and so completed) through the page, as a learner does.
    await gotoAndSettle(page, `/course/java-programming/lesson/${first._id}`);
    await page.getByRole("button", { name: "Take Knowledge Quiz" }).click();
    await answerQuiz(page, first, first.quiz.length);
    await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Continue Learning" }).click();
    await expect(page.getByRole("button", { name: `Completed: ${first.title}` })).toBeVisible();
    await expect(page.locator(`[id="material-${second._id}"]`)).toHaveAttribute("aria-current", "step");
    await expect(page.getByRole("link", { name: second.title, exact: true }).first()).toBeVisible();

    await gotoAndSettle(page, "/dashboard");
    const resume = page.getByRole("link", { name: `Continue: Java Programming — ${second.title}` });
    await expect(resume).toBeVisible();
    const enrolled = page.getByRole("region", { name: "My Enrolled Courses" });
    await expect(enrolled).toContainText(`1 of ${lessons.length} lessons done`);
    await expect(enrolled).toContainText(`Next lesson: ${second.title}`);
    await enrolled.getByRole("link", { name: "Continue Learning: Java Programming" }).click();
    await expect(page).toHaveURL(new RegExp(`/lesson/${second._id}$`));
    await expect(lessonArticle(page, second.title)).toBeVisible();

    await gotoAndSettle(page, "/dashboard");
    await page.getByRole("button", { name: "Enrolled in Java Programming: click to unenroll" }).click();
    const warning = page.getByRole("dialog", { name: "Warning: Unenroll Course" });
    await expect(warning).toContainText("Are you sure you want to unenroll from Java Programming?");
    await warning.getByRole("button", { name: "Cancel" }).click();
    const still = (await (await page.request.get("/api/enrollments", { headers: account.auth })).json()) as unknown[];
    expect(still).toHaveLength(1);
    await page.getByRole("button", { name: "Enrolled in Java Programming: click to unenroll" }).click();
    await page.getByRole("button", { name: "Yes, Unenroll" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Unenrolled from Java Programming" })).toBeVisible();
    const gone = (await (await page.request.get("/api/enrollments", { headers: account.auth })).json()) as unknown[];
    expect(gone).toHaveLength(0);
  });

  test("course cards show level, total time, lessons and trials; the header links the account", async ({ page }) => {
    await gotoAndSettle(page, "/courses");
    const card = page.locator("article.course-card", { hasText: "Java Programming" });
    const facts = card.getByRole("list", { name: "Course facts" });
    await expect(facts).toContainText("Beginner");
    await expect(facts).toContainText("61 lessons");
    await expect(facts).toContainText(/\d+h \d+m/);
    await expect(facts).toContainText(/\d+ trials/);
    const account = await registerThroughApi(page.request, "Account Owner");
    await signInBrowser(page, account);
    await gotoAndSettle(page, "/dashboard");
    await page.getByRole("link", { name: "Account", exact: true }).first().click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("region", { name: "Profile" })).toContainText(account.email);
    await expect(page.getByRole("region", { name: "Profile" })).toContainText("Member since");
  });
});

test.describe("forms", () => {
  // A wrong password is sent on purpose: the login is refused with 401.
  test.use({ expectedConsoleErrors: [/status of 401/] });
  test("a wrong password is cleared, focused and announced; an empty form names each field", async ({ page }) => {
    const account = await registerThroughApi(page.request, "Typo Learner");
    await gotoAndSettle(page, "/login");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email must be a valid email address.")).toBeVisible();
    await expect(page.getByText("Password is required.")).toBeVisible();
    await page.getByLabel("Email").fill(account.email);
    const pass = page.getByLabel("Password");
    await pass.fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /invalid|incorrect|wrong/i })).toBeVisible();
    await expect(pass).toHaveValue("");
    await expect(pass).toBeFocused();

    await gotoAndSettle(page, "/register");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Name is required.")).toBeVisible();
    await expect(page.getByText(/^Email /)).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters.")).toBeVisible();
  });
});
