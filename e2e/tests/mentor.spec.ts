import { expect, gotoAndSettle, showCourseEditor, test, wcagViolations } from "./fixtures";

const QUICK = [
  "How do I debug Java code?",
  "Explain OOP concepts",
  "What are data structures?",
  "Help with algorithms",
];

test("on /kattappa a typed question goes to the server and the answer names and links a lesson", async ({
  page,
  consoleErrors,
}) => {
  await gotoAndSettle(page, "/kattappa");
  const log = page.getByRole("list", { name: "Conversation with Kattappa" });
  const input = page.getByLabel("Your message to Kattappa");
  await input.fill("How do I combine rows from two tables with a join?");
  const request = page.waitForRequest((r) => r.url().endsWith("/api/ai/chat/stream") && r.method() === "POST");
  await input.press("Enter");
  expect((await request).postDataJSON()).toEqual({ message: "How do I combine rows from two tables with a join?" });
  await expect(page.getByText("Kattappa is thinking...")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
  await expect(log.getByText(/Joining Tables/).first()).toBeVisible();
  const cited = log.getByRole("link", { name: "Joining Tables" });
  await expect(cited).toHaveAttribute("href", "/course/sql-databases/lesson/sql-databases--joining-tables");
  await expect(page.getByText("Kattappa is thinking...")).toHaveCount(0);

  // Shift+Enter adds a line; one letter gets Speak clearly.
  await input.fill("x");
  await input.press("Shift+Enter");
  await expect(input).toHaveValue("x\n");
  await input.press("Enter");
  await expect(log.getByText("Speak clearly", { exact: true })).toBeVisible();

  // The cited lesson's link opens that lesson on its course page.
  await cited.click();
  await expect(page).toHaveURL(/\/course\/sql-databases\/lesson\/sql-databases--joining-tables$/);
  await expect(page.getByRole("article", { name: /^Lesson: Joining Tables/ })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("Kattappa's quick questions are answered from the server", async ({ page, consoleErrors }) => {
  await gotoAndSettle(page, "/kattappa");
  for (const q of QUICK) await expect(page.getByRole("button", { name: q })).toBeVisible();
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/ai/chat/stream"));
  await page.getByRole("button", { name: "Explain OOP concepts" }).click();
  expect((await answered).status()).toBe(200);
  const log = page.getByRole("list", { name: "Conversation with Kattappa" });
  await expect(log.getByText(/encapsulation/).first()).toBeVisible();
  await expect(log.getByRole("link", { name: "Classes and Objects" }).first()).toBeVisible();

  await gotoAndSettle(page, "/kattappa-test");
  await expect(page.getByRole("button", { name: /^(How do I debug Java code\?|Explain OOP concepts)$/ })).toHaveCount(
    2,
  );
  await page.getByRole("button", { name: "How do I debug Java code?" }).click();
  await expect(page.getByRole("list", { name: "Conversation with Kattappa" }).getByText(/stack trace/)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the floating mentor on a course page sends the open lesson and the editor's code", async ({
  page,
  consoleErrors,
}) => {
  await gotoAndSettle(page, "/course/java-programming");
  await page
    .getByRole("button", { name: /Constructors and the this Keyword/ })
    .first()
    .click();
  await expect(page.getByRole("article", { name: "Lesson: Constructors and the this Keyword" })).toBeVisible();
  const code = 'public class Main {\n  public static void main(String[] args) {\n    System.out.println("hi")\n  }\n}';
  await showCourseEditor(page);
  await page.locator("#course-editor .cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(code);

  await page.getByRole("button", { name: "Open the coding mentor" }).click();
  const panel = page.getByRole("region", { name: "Kattappa, your coding mentor" });
  await expect(panel.getByText(/I am Kattappa, your coding mentor/)).toBeVisible();
  await panel.getByLabel("Your question for Kattappa").fill("Why does this not compile?");
  const request = page.waitForRequest((r) => r.url().endsWith("/api/ai/chat/stream") && r.method() === "POST");
  await panel.getByRole("button", { name: "Send" }).click();
  expect((await request).postDataJSON()).toEqual({
    message: "Why does this not compile?",
    context: {
      courseId: "java-programming",
      materialId: "java-programming--constructors-and-this",
      code,
      language: "java",
    },
  });
  // With a Java runner the compiler's first error is explained; without one Kattappa says so. A cold
  // compiler on a busy machine may take most of its 20 s wall-time limit.
  await expect(panel.getByText(/javac stops at line 3|could not compile your code on this server/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(panel.getByLabel("Your question for Kattappa")).toHaveValue("");

  // A lesson of this same course that Kattappa cites opens here when its link is followed.
  await panel.getByLabel("Your question for Kattappa").fill("How do I read a value from a HashMap with a default?");
  await panel.getByRole("button", { name: "Send" }).click();
  const cited = panel.getByRole("link", { name: "HashMap and TreeMap" }).first();
  await expect(cited).toHaveAttribute("href", "/course/java-programming/lesson/java-programming--maps");
  await cited.click();
  await expect(page).toHaveURL(/\/lesson\/java-programming--maps$/);
  await expect(page.getByRole("article", { name: /^Lesson: HashMap and TreeMap/ })).toBeVisible();
  // And the next cited lesson, followed from the same page, opens in its turn.
  await panel.getByLabel("Your question for Kattappa").fill("Why must I override hashCode when I override equals?");
  await panel.getByRole("button", { name: "Send" }).click();
  const next = panel.getByRole("link", { name: "The Object Class: equals, hashCode and toString" }).first();
  await expect(next).toHaveAttribute("href", "/course/java-programming/lesson/java-programming--object-class-methods");
  await next.click();
  await expect(page).toHaveURL(/\/lesson\/java-programming--object-class-methods$/);
  await expect(page.getByRole("article", { name: /^Lesson: HashMap and TreeMap/ })).toHaveCount(0);
  await expect(page.getByRole("article", { name: /^Lesson: The Object Class: equals, hashCode/ })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the floating mentor answers from the lessons, keeps focus inside, and closes on Escape", async ({
  page,
  consoleErrors,
}) => {
  await gotoAndSettle(page, "/about");
  await page.getByRole("button", { name: "Open the coding mentor" }).click();
  const panel = page.getByRole("region", { name: "Kattappa, your coding mentor" });
  await panel.getByLabel("Your question for Kattappa").fill("tell me about while loops");
  const request = page.waitForRequest((r) => r.url().endsWith("/api/ai/chat/stream"));
  await panel.getByRole("button", { name: "Send" }).click();
  expect((await request).postDataJSON()).toEqual({ message: "tell me about while loops" });
  await expect(panel.getByRole("link", { name: "while and do-while Loops" }).first()).toBeVisible();
  // focus stays inside the open panel
  await panel.getByRole("button", { name: "Send" }).focus();
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("button", { name: "Close the mentor chat" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(panel.getByRole("button", { name: "Send" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open the coding mentor" })).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test("answers with lesson links and code stay accessible and fit a 360 px screen", async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await gotoAndSettle(page, "/kattappa");
  await page.getByRole("button", { name: "How do I debug Java code?" }).click();
  const log = page.getByRole("list", { name: "Conversation with Kattappa" });
  await expect(log.getByRole("link").first()).toBeVisible();
  await page.getByRole("button", { name: "Open the coding mentor" }).click();
  const panel = page.getByRole("region", { name: "Kattappa, your coding mentor" });
  await panel.getByLabel("Your question for Kattappa").fill("Why must I override hashCode when I override equals?");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(panel.getByRole("link").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
  expect(await wcagViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
