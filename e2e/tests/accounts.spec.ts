import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { animationsSettled, expect, gotoAndSettle, test, wcagViolations } from "./fixtures";
import { answerKey } from "./quiz-helpers";

const password = "royal-secret-1";
let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++counter}-${test.info().workerIndex}@example.com`;

async function registerThroughApi(request: APIRequestContext, name: string, email = uniqueEmail("api")) {
  const res = await request.post("/api/auth/register", { data: { name, email, password } });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { token: string; user: { email: string } };
  return { ...body, email, auth: { authorization: `Bearer ${body.token}` } };
}

/**
 * Passes a lesson's quiz through the API as the learner, with the key of the built catalogue (the
 * server gives the key only after a pass).
 */
async function passThroughApi(request: APIRequestContext, auth: Record<string, string>, materialId: string) {
  const pass = await request.post("/api/quiz/attempts", {
    headers: auth,
    data: { materialId, answers: answerKey(materialId) },
  });
  expect(((await pass.json()) as { passed: boolean }).passed).toBe(true);
}

async function loginThroughForm(page: Page, email: string, pass: string) {
  await gotoAndSettle(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(pass);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Mail from the outbox: main.ts keeps a copy of each in DATA_DIR/outbox while no SMTP server is set. */
function mailsTo(email: string): { to: string; subject: string; text: string }[] {
  const dir = join(String(process.env.E2E_DATA_DIR), "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as { to: string; subject: string; text: string })
    .filter((m) => m.to === email);
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("token"));

test("register, enrol, complete a lesson, and find both again after logging in from a fresh browser", async ({
  page,
  browser,
  consoleErrors,
}) => {
  const email = uniqueEmail("journey");
  await gotoAndSettle(page, "/register");
  await page.getByLabel("Name").fill("Arya Warrior");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Arya Warrior!");
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByText("No enrolled courses yet")).toBeVisible();
  await expect(page.getByText("Premium Member", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Enroll Now in Java Programming" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Successfully enrolled in Java Programming!" })).toBeVisible();
  const enrolled = page.getByRole("region", { name: "My Enrolled Courses" });
  await expect(enrolled.getByRole("heading", { name: "Java Programming" })).toBeVisible();
  await expect(enrolled.getByText(/^Enrolled on /)).toBeVisible();
  // Continue Learning leads to the first lesson not yet completed (lesson 1 for a newcomer).
  await expect(enrolled.getByRole("link", { name: "Continue Learning: Java Programming" })).toHaveAttribute(
    "href",
    "/course/java-programming/lesson/java-programming--introduction-to-java",
  );

  // Complete the first lesson (the course page is built elsewhere; its sync calls this same endpoint).
  const lessons = (await (await page.request.get("/api/materials/course/java-programming")).json()) as {
    _id: string;
  }[];
  const [first, second] = lessons.map((l) => l._id);
  const token = await storedToken(page);
  await passThroughApi(page.request, { authorization: `Bearer ${token}` }, String(first));
  const put = await page.request.put("/api/progress/java-programming", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      completed: [first],
      knowledgeUnlocked: [first],
      topicProgress: { [String(first)]: 100 },
      xp: 50,
      streak: 1,
    },
  });
  expect(put.status()).toBe(200);

  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  expect(await storedToken(page)).toBeNull();

  // A fresh browser that already holds some progress of its own for the same course, never passed
  // on the server: it counts for nothing there.
  const context = await browser.newContext();
  const other = await context.newPage();
  const otherErrors: string[] = [];
  other.on("console", (m) => m.type() === "error" && otherErrors.push(m.text()));
  await gotoAndSettle(other, "/login");
  await other.evaluate(
    ([id]) =>
      localStorage.setItem(
        "progress_java-programming",
        JSON.stringify({
          completed: [id],
          knowledgeUnlocked: [],
          topicProgress: { [String(id)]: 80 },
          xp: 50,
          streak: 1,
        }),
      ),
    [second],
  );
  await loginThroughForm(other, email, password);
  await expect(other).toHaveURL(/\/dashboard$/);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Arya Warrior!");
  const otherEnrolled = other.getByRole("region", { name: "My Enrolled Courses" });
  await expect(otherEnrolled.getByRole("heading", { name: "Java Programming" })).toBeVisible();
  await expect(other.getByRole("button", { name: /Enrolled in Java Programming/ })).toHaveText("Enrolled");

  const local = await other.evaluate(() => JSON.parse(localStorage.getItem("progress_java-programming") ?? "null"));
  expect(local.completed).toEqual([first]);
  expect(local.xp).toBe(50);
  const enrolments = await other.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "[]"),
    `enrolledCourses_${email}`,
  );
  expect(enrolments.map((c: { _id: string }) => c._id)).toEqual(["java-programming"]);
  // The merged record went back to the server too.
  const server = await other.request.get("/api/progress/java-programming", {
    headers: { authorization: `Bearer ${await storedToken(other)}` },
  });
  expect(((await server.json()) as { completed: string[] }).completed).toEqual([first]);

  // Clicking Enrolled opens the Unenroll warning; "Yes, Unenroll" unenrols, with its alert and the empty state.
  await other.getByRole("button", { name: /Enrolled in Java Programming/ }).click();
  await other
    .getByRole("dialog", { name: "Warning: Unenroll Course" })
    .getByRole("button", { name: "Yes, Unenroll" })
    .click();
  await expect(other.getByRole("alert").filter({ hasText: "Unenrolled from Java Programming" })).toBeVisible();
  await expect(other.getByText("No enrolled courses yet")).toBeVisible();

  expect(otherErrors).toEqual([]);
  await context.close();
  expect(consoleErrors).toEqual([]);
});

test.describe("the old session", () => {
  // The old session is refused on purpose; the browser logs each refused request.
  test.use({ expectedConsoleErrors: [/status of 401/] });

  test("reset the password from the emailed link: the new one works and the old session is refused", async ({
    page,
  }) => {
    const account = await registerThroughApi(page.request, "Bran Builder");
    await loginThroughForm(page, account.email, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const oldToken = await storedToken(page);

    await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
    await gotoAndSettle(page, "/login");
    await page.getByRole("link", { name: "Forgot Password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The address changes before the page's code has loaded; until then the login form, with its
    // own Email field, is still on screen.
    await expect(page.getByRole("heading", { level: 1, name: "Forgot Password" })).toBeVisible();
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Password reset link sent to your email!")).toBeVisible();

    await expect.poll(() => mailsTo(account.email).length).toBe(1);
    const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(
      mailsTo(account.email)[0]?.text ?? "",
    )?.[0];
    expect(link).toBeTruthy();
    await gotoAndSettle(page, new URL(String(link)).pathname + new URL(String(link)).search);
    await page.getByLabel("New Password", { exact: true }).fill("a-brand-new-one");
    await page.getByLabel("Confirm New Password").fill("a-brand-new-one");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText(/Your password has been reset/)).toBeVisible();

    const refused = await page.request.get("/api/auth/me", { headers: { authorization: `Bearer ${oldToken}` } });
    expect(refused.status()).toBe(401);

    await loginThroughForm(page, account.email, password);
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await loginThroughForm(page, account.email, "a-brand-new-one");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Bran Builder!");

    // A browser still holding the old token drops it at start.
    await page.evaluate((t) => localStorage.setItem("token", String(t)), oldToken);
    await gotoAndSettle(page, "/dashboard");
    await expect(page.getByText("Please login to access your dashboard")).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });
});

test("finish a small course, get its certificate and verify it from another browser", async ({ page, browser }) => {
  const account = await registerThroughApi(page.request, "Cersei Scholar");
  const courses = (await (await page.request.get("/api/courses")).json()) as {
    _id: string;
    title: string;
    access: string;
    lessonCount: number;
  }[];
  const course = courses
    .filter((c) => c.lessonCount > 0 && c.access === "free")
    .sort((a, b) => a.lessonCount - b.lessonCount)[0];
  expect(course).toBeTruthy();
  const id = String(course?._id);
  const lessons = (await (await page.request.get(`/api/materials/course/${id}`)).json()) as { _id: string }[];
  const ids = lessons.map((l) => l._id);

  const early = await page.request.post("/api/certificates", { headers: account.auth, data: { courseId: id } });
  expect(early.status()).toBe(409);
  // A completion claim without passed quizzes earns nothing.
  await page.request.put(`/api/progress/${id}`, {
    headers: account.auth,
    data: { completed: ids, knowledgeUnlocked: ids, topicProgress: {}, xp: ids.length * 50, streak: ids.length },
  });
  expect(
    (await page.request.post("/api/certificates", { headers: account.auth, data: { courseId: id } })).status(),
  ).toBe(409);
  for (const lessonId of ids) await passThroughApi(page.request, account.auth, lessonId);
  await page.request.put(`/api/progress/${id}`, {
    headers: account.auth,
    data: { completed: ids, knowledgeUnlocked: ids, topicProgress: {}, xp: ids.length * 50, streak: ids.length },
  });
  const issued = await page.request.post("/api/certificates", { headers: account.auth, data: { courseId: id } });
  expect(issued.status()).toBe(201);
  const cert = (await issued.json()) as { code: string };
  expect(cert.code).toMatch(/^KOC-\d+-[A-Z0-9]{9}$/);

  const context = await browser.newContext();
  const stranger = await context.newPage();
  const errors: string[] = [];
  stranger.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await gotoAndSettle(stranger, `/verify/${cert.code}`);
  await expect(stranger.getByRole("heading", { name: "Genuine certificate" })).toBeVisible();
  await expect(stranger.getByText("Cersei Scholar")).toBeVisible();
  await expect(stranger.getByText(String(course?.title), { exact: true })).toBeVisible();

  await gotoAndSettle(stranger, "/verify/KOC-1700000000000-NOTREAL00");
  await expect(stranger.getByRole("heading", { name: "No certificate with this code" })).toBeVisible();
  expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  await context.close();
});

test("the dashboard asks for a login, and a free user's deal banner opens the upgrade modal", async ({
  page,
  consoleErrors,
}) => {
  await gotoAndSettle(page, "/dashboard");
  await expect(page.getByText("Please login to access your dashboard")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login$/);

  const account = await registerThroughApi(page.request, "Daenerys Learner");
  await loginThroughForm(page, account.email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("24HR DEAL")).toBeVisible();
  await page.getByRole("button", { name: "24hr Flash Deal - 100 Lifetime" }).click();
  const dialog = page.getByRole("dialog", { name: "Upgrade to Premium" });
  await expect(dialog).toBeVisible();
  for (const benefit of [
    "All premium courses",
    "Advanced coding challenges",
    "Priority support",
    "Downloadable resources",
    "Certificate of completion",
  ]) {
    await expect(dialog.getByText(benefit)).toBeVisible();
  }
  await expect(dialog.getByText("₹100", { exact: true })).toBeVisible();
  await expect(dialog.locator("s")).toHaveText("₹9,999");
  await expect(dialog.getByText("One-time payment, lifetime access")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test.describe("refusals", () => {
  // A wrong password (401) and a taken email (409) are provoked on purpose.
  test.use({ expectedConsoleErrors: [/status of 40[19]/] });

  test("login and registration show the server's message; a ref link prefills the code with the note", async ({
    page,
  }) => {
    await loginThroughForm(page, uniqueEmail("nobody"), "whatever-it-is");
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();

    const account = await registerThroughApi(page.request, "Existing One");
    await gotoAndSettle(page, "/register?ref=FRIEND42");
    await expect(page.getByLabel("Referral Code (optional)")).toHaveValue("FRIEND42");
    await expect(page.getByText("Your referrer will earn ₹200 when you join!")).toBeVisible();
    await page.getByLabel("Name").fill("Copycat");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /already exists/ })).toBeVisible();
    await expect(page).toHaveURL(/\/register/);
  });
});

test.describe("accessibility", () => {
  // The verify page is opened for a code that does not exist (404) on purpose.
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test("the logged-in dashboard, its upgrade modal and the verify page pass WCAG 2.1 AA checks", async ({ page }) => {
    const axe = () => wcagViolations(page);
    const account = await registerThroughApi(page.request, "Eddard Accessible");
    await page.request.put("/api/enrollments/java-programming", { headers: account.auth });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await loginThroughForm(page, account.email, password);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Eddard Accessible!");
      await expect(page.getByRole("region", { name: "My Enrolled Courses" }).getByRole("link")).toBeVisible();
      await animationsSettled(page);
      expect(await axe(), `dashboard at ${width}px`).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `dashboard scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
      await page.getByRole("button", { name: "24hr Flash Deal - 100 Lifetime" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await axe(), `upgrade modal at ${width}px`).toEqual([]);
      await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
      await expect(page.getByRole("dialog")).toBeHidden();
      await page.evaluate(() => localStorage.clear()); // the mobile header hides Logout behind its menu
    }
    await gotoAndSettle(page, "/verify/KOC-1700000000000-NOTREAL00");
    await expect(page.getByRole("heading", { name: "No certificate with this code" })).toBeVisible();
    expect(await axe(), "verify page").toEqual([]);
  });
});
