import { readdirSync, readFileSync } from "node:fs";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, gotoAndSettle, test, wcagViolations } from "./fixtures";

const password = "royal-secret-1";
const contentDir = new URL("../../content/courses/", import.meta.url);

/** Which engine runs Java here: "off" means the labelled simulated run (and no graded trials). */
async function javaEngine(request: APIRequestContext): Promise<string> {
  const status = await request.get("/api/run/status");
  return status.ok() ? ((await status.json()) as { engine: string }).engine : "off";
}

/** Replaces an editor's code the way a user would: focus, select all, type. */
async function setCode(editor: Locator, code: string) {
  await editor.click();
  await editor.page().keyboard.press("ControlOrMeta+a");
  await editor.page().keyboard.press("Delete");
  await editor.page().keyboard.insertText(code);
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * The reference solution of an exercise, read from its content file: the API never sends it.
 * Exercise id = <courseId>--<lesson-slug>--<k>; file = exercises/<NN>-<lesson-slug>.<k>.md.
 */
function referenceSolution(exerciseId: string): string {
  const [courseId, slug, k] = exerciseId.split("--");
  const dir = new URL(`${courseId}/exercises/`, contentDir);
  const file = readdirSync(dir).find((f) => f.replace(/^\d+-/, "") === `${slug}.${k}.md`);
  if (!file) throw new Error(`no content file for ${exerciseId}`);
  const text = readFileSync(new URL(file, dir), "utf8").replace(/\r\n/g, "\n");
  const solution = /## Solution\s*\n+```\w*\n([\s\S]*?)\n```/.exec(text)?.[1];
  if (!solution) throw new Error(`no ## Solution block in ${file}`);
  return solution;
}

test.describe("every example runs where it stands", () => {
  test("a visitor goes from the home page to a running Java program in two clicks, and Edit opens it in the editor", async ({
    page,
    request,
    consoleErrors,
  }) => {
    const engine = await javaEngine(request);
    await gotoAndSettle(page, "/");
    // Click 1 of 2: the home page's call to action.
    const started = Date.now();
    await page.getByRole("link", { name: "Run Your First Program" }).first().click();
    await expect(page).toHaveURL(
      /\/course\/java-programming\/lesson\/java-programming--introduction-to-java\?focus=example$/,
    );

    const lesson = page.getByRole("article", { name: /^Lesson: Introduction to Java/ });
    const run = lesson.getByRole("button", { name: "Run java example" }).first();
    await expect(run).toBeVisible();
    await expect(run).toBeFocused();
    await expect(run).toBeInViewport();
    // Click 2 of 2: Run.
    await run.click();

    const output = lesson.getByTestId("example-output").first();
    await expect(output).toBeVisible();
    await expect(output).toContainText("Hello, Kingdom of Code!", { timeout: 60_000 });
    // A figure, never a pass/fail on time (the goal is 10 s on a normal machine).
    const figure = `${Date.now() - started} ms (${engine} engine)`;
    test.info().annotations.push({ type: "home to first program output", description: figure });
    console.log(`home to first program output: ${figure}`);
    if (engine !== "local") await expect(output).toContainText("[Simulated run");
    else await expect(output).not.toContainText("Simulated");

    await lesson.getByRole("button", { name: "Edit java example in the code editor" }).first().click();
    const editor = page.locator("#course-editor");
    await expect(editor.getByRole("heading", { name: "JAVA ARENA" })).toBeInViewport();
    await expect(editor.locator(".cm-content")).toContainText('System.out.println("Hello, Kingdom of Code!");');
    expect(consoleErrors).toEqual([]);
  });

  test("a JavaScript example runs in the sandbox frame and its output appears under it", async ({
    page,
    consoleErrors,
  }) => {
    const list = (await (await page.request.get("/api/materials/course/javascript-fundamentals")).json()) as {
      _id: string;
    }[];
    const first = list[0]?._id ?? "";
    await gotoAndSettle(page, `/course/javascript-fundamentals/lesson/${encodeURIComponent(first)}?focus=example`);
    const lesson = page.getByRole("article", { name: /^Lesson:/ });
    await lesson.getByRole("button", { name: "Run javascript example" }).first().click();
    await expect(lesson.getByTestId("example-output").first()).toContainText("Welcome to the Kingdom of Code!");
    // a text block (a program's printed output) has no Run
    await expect(
      lesson.locator("figure.code-block", { hasText: /^text/i }).getByRole("button", { name: /^Run/ }),
    ).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("a Python example runs in Pyodide and its output appears under it", async ({ page, consoleErrors }) => {
    const list = (await (await page.request.get("/api/materials/course/python-programming")).json()) as {
      _id: string;
    }[];
    const first = list[0]?._id ?? "";
    await gotoAndSettle(page, `/course/python-programming/lesson/${encodeURIComponent(first)}?focus=example`);
    const lesson = page.getByRole("article", { name: /^Lesson:/ });
    await lesson.getByRole("button", { name: "Run python example" }).first().click();
    // The first run downloads the runtime from our own origin; later runs are quick.
    await expect(lesson.getByTestId("example-output").first()).toContainText("Welcome to the Kingdom of Code!", {
      timeout: 120_000,
    });
    await expect(lesson.getByTestId("example-output").first()).toContainText("Swords | Shields | Spears");
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("trials", () => {
  test("a signed-in learner fails a trial, then passes it: cases light up and xp rises", async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.skip((await javaEngine(request)) === "off", "no Java runner on this machine: trials cannot be graded");

    // The trial is picked through the API: the Java course's first exercise, and its topic.
    const list = await request.get("/api/exercises?courseId=java-programming");
    expect(list.ok()).toBe(true);
    const exercises = (await list.json()) as { _id: string; materialId: string; title: string }[];
    const exercise = exercises[0];
    if (!exercise) throw new Error("the Java course has no exercise");
    const materials = (await (await request.get("/api/materials/course/java-programming")).json()) as {
      _id: string;
      title: string;
    }[];
    const topic = materials.find((m) => m._id === exercise.materialId);
    if (!topic) throw new Error(`no topic ${exercise.materialId}`);

    const email = `trial-${Date.now()}-${test.info().workerIndex}@example.com`;
    const reg = await request.post("/api/auth/register", { data: { name: "Tara Trialer", email, password } });
    expect(reg.status()).toBe(201);
    await gotoAndSettle(page, "/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("region", { name: "Trials Passed" })).toBeVisible();

    await gotoAndSettle(page, "/course/java-programming");
    const xpBefore = Number(await page.getByTestId("xp").textContent());
    await page
      .getByRole("button", { name: new RegExp(topic.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
      .first()
      .click();
    const trial = page.getByRole("region", { name: new RegExp(`^Trial( \\d)?: ${exercise.title}`) });
    await expect(trial).toBeVisible();
    const editor = trial.locator(".cm-content");
    await expect(editor).toContainText("TODO");

    // The starter is not a solution: at least one case fails, and the sample shows what was expected.
    await trial.getByRole("button", { name: "Submit" }).click();
    const verdict = trial.getByTestId("trial-verdict");
    await expect(verdict).toContainText("Not yet, warrior", { timeout: 90_000 });
    await expect(verdict.locator(".case-failed").first()).toBeVisible();
    await expect(verdict.getByText("Expected output").first()).toBeVisible();

    await setCode(editor, referenceSolution(exercise._id));
    await trial.getByRole("button", { name: "Submit" }).click();
    await expect(verdict).toContainText("Trial conquered!", { timeout: 90_000 });
    await expect(verdict.locator(".case-failed")).toHaveCount(0);
    const cases = await verdict.locator(".case-passed").count();
    expect(cases).toBeGreaterThan(1);
    const gained = Number(/\+(\d+) XP earned/.exec((await trial.getByTestId("trial-xp").textContent()) ?? "")?.[1]);
    expect(gained).toBeGreaterThan(0);
    await expect(page.getByTestId("xp")).toHaveText(String(xpBefore + gained));
    await expect(trial.getByText("Conquered", { exact: true })).toBeVisible();

    await gotoAndSettle(page, "/dashboard");
    await expect(page.getByTestId("trials-passed-java-programming")).toContainText(/^1 of \d+ trials passed$/);
    expect(consoleErrors).toEqual([]);
  });

  test("at 360 px a lesson with its example output and its trial fits and passes axe", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    try {
      await gotoAndSettle(page, "/course/java-programming/lesson/java-programming--introduction-to-java");
      const lesson = page.getByRole("article", { name: /^Lesson:/ });
      await lesson.getByRole("button", { name: "Run java example" }).first().click();
      await expect(lesson.getByTestId("example-output").first()).toContainText("Hello", { timeout: 60_000 });
      const trial = page.getByTestId("trial").first();
      if ((await trial.count()) > 0) {
        await trial.getByRole("button", { name: /Ask Kattappa for a hint/ }).click();
        await expect(trial.locator(".cm-content")).toBeVisible();
      }
      await expectNoSidewaysScroll(page, "an open lesson with output and trial");
      expect(await wcagViolations(page, ".material-row.expanded")).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
