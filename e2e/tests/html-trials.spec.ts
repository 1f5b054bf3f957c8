import { readdirSync, readFileSync } from "node:fs";
import type { Locator } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";

const TRIAL = "html-css-foundations--the-box-model--1";
const WIDTH_CHECK = "Each card is 300px wide, border included";

/** The reference page from the trial's content file (the API never sends it). */
function solution(): string {
  const dir = new URL("../../content/courses/html-css-foundations/exercises/", import.meta.url);
  const file = readdirSync(dir).find((f) => f.endsWith("-the-box-model.1.md"));
  if (!file) throw new Error("no content file for the box model trial");
  const text = readFileSync(new URL(file, dir), "utf8").replace(/\r\n/g, "\n");
  const code = /## Solution\s*\n+```html\n([\s\S]*?)\n```/.exec(text)?.[1];
  if (!code) throw new Error(`no ## Solution block in ${file}`);
  return code;
}

async function setCode(editor: Locator, code: string) {
  await editor.click();
  await editor.page().keyboard.press("ControlOrMeta+a");
  await editor.page().keyboard.press("Delete");
  await editor.page().keyboard.insertText(code);
}

test("a learner sees an HTML trial's check fail in the browser, fixes the page, and the server records the pass", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  const detail = await request.get(`/api/exercises/${TRIAL}`);
  expect(detail.ok()).toBe(true);
  const { title, pageChecks } = (await detail.json()) as { title: string; pageChecks: { checks: unknown[] } };

  await gotoAndSettle(page, "/course/html-css-foundations?lesson=html-css-foundations--the-box-model");
  const trial = page.getByRole("region", { name: new RegExp(`^Trial( \\d)?: ${title}`) });
  await trial.scrollIntoViewIfNeeded();
  const editor = trial.locator(".cm-content");
  await expect(editor).toContainText("background: #f4ead5", { timeout: 60_000 });

  // The starter's cards have no padding and no border: the browser's own checks say so.
  const checks = trial.getByTestId("html-checks");
  const widthCheck = checks.getByTestId("html-check").filter({ hasText: WIDTH_CHECK });
  await expect(checks.getByTestId("html-check")).toHaveCount(pageChecks.checks.length, { timeout: 60_000 });
  await expect(checks.getByTestId("html-check").filter({ hasText: "16px of padding" })).toHaveClass(/case-failed/);
  await expect(trial.getByRole("button", { name: "Run" })).toHaveCount(0);

  await setCode(editor, solution());
  await expect(widthCheck).toHaveClass(/case-passed/, { timeout: 30_000 });
  await expect(checks.getByTestId("html-checks-summary")).toHaveText(
    `${pageChecks.checks.length} of ${pageChecks.checks.length} checks pass.`,
  );

  await trial.getByRole("button", { name: "Submit" }).click();
  const verdict = trial.getByTestId("trial-verdict");
  await expect(verdict).toContainText("The server rendered your page and all", { timeout: 120_000 });
  await expect(verdict.getByRole("list", { name: "Unit tests" }).locator(".case-status")).toHaveText(
    Array.from({ length: pageChecks.checks.length }, () => "passed"),
  );
  expect(consoleErrors).toEqual([]);
});
