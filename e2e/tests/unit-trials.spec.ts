import { readdirSync, readFileSync } from "node:fs";
import type { APIRequestContext, Locator } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";

const TRIAL = "java-programming--overloading-and-recursion--1";
const FAILING = "uses recursion: toBinary(n) calls itself, not Integer.toBinaryString";

/** A section of the trial's content file (the API never sends the solution or the wrong one). */
function section(name: "Solution" | "Wrong"): string {
  const dir = new URL("../../content/courses/java-programming/exercises/", import.meta.url);
  const file = readdirSync(dir).find((f) => f.endsWith("-overloading-and-recursion.1.md"));
  if (!file) throw new Error("no content file for the recursion trial");
  const text = readFileSync(new URL(file, dir), "utf8").replace(/\r\n/g, "\n");
  const code = new RegExp(`## ${name}\\s*\\n+\`\`\`java\\n([\\s\\S]*?)\\n\`\`\``).exec(text)?.[1];
  if (!code) throw new Error(`no ## ${name} block in ${file}`);
  return code;
}

async function graded(request: APIRequestContext): Promise<boolean> {
  const status = await request.get("/api/run/status");
  return status.ok() && ((await status.json()) as { engine: string }).engine === "local";
}

async function setCode(editor: Locator, code: string) {
  await editor.click();
  await editor.page().keyboard.press("ControlOrMeta+a");
  await editor.page().keyboard.press("Delete");
  await editor.page().keyboard.insertText(code);
}

test("a learner submits a wrong solution to a unit-tested trial, sees the named failing test, then passes", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.skip(!(await graded(request)), "no local sandbox here: unit-tested trials cannot be graded");
  // Two graded submissions, each running every case and then the JUnit suite in the sandbox.
  test.setTimeout(360_000);
  const detail = await request.get(`/api/exercises/${TRIAL}`);
  expect(detail.ok()).toBe(true);
  const { title, hiddenTests } = (await detail.json()) as { title: string; hiddenTests: number };
  expect(hiddenTests).toBeGreaterThan(1);

  await gotoAndSettle(page, "/course/java-programming?lesson=java-programming--overloading-and-recursion");
  const trial = page.getByRole("region", { name: new RegExp(`^Trial( \\d)?: ${title}`) });
  await trial.scrollIntoViewIfNeeded();
  const editor = trial.locator(".cm-content");
  // The editor loads only once a trial is on screen (and a shared CI machine can be slow).
  await expect(editor).toContainText("TODO", { timeout: 60_000 });

  // Integer.toBinaryString prints the right digits: every case passes, the recursion test does not.
  await setCode(editor, section("Wrong"));
  await trial.getByRole("button", { name: "Submit" }).click();
  const verdict = trial.getByTestId("trial-verdict");
  await expect(verdict).toContainText("Not yet, warrior", { timeout: 120_000 });
  const tests = verdict.getByRole("list", { name: "Unit tests" });
  await expect(tests.getByRole("listitem")).toHaveCount(hiddenTests);
  const failing = tests.getByRole("listitem").filter({ hasText: FAILING });
  await expect(failing).toHaveClass(/case-failed/);
  await expect(failing.locator(".case-status")).toHaveText("failed");
  await expect(failing).toContainText("must build the digits itself, not call Integer.toBinaryString");
  await expect(verdict.locator(".case-failed")).toHaveCount(1);

  await setCode(editor, section("Solution"));
  await trial.getByRole("button", { name: "Submit" }).click();
  await expect(verdict).toContainText("Trial conquered!", { timeout: 120_000 });
  await expect(tests.locator(".case-status")).toHaveText(Array.from({ length: hiddenTests }, () => "passed"));
  expect(consoleErrors).toEqual([]);
});
