import type { Locator } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";

const password = "royal-secret-1";
const TRIAL = "python-programming--getting-started-with-python--1";
const LESSON = "python-programming--getting-started-with-python";

/** Replaces an editor's code the way a user would: focus, select all, type. */
async function setCode(editor: Locator, code: string) {
  await editor.click();
  await editor.page().keyboard.press("ControlOrMeta+a");
  await editor.page().keyboard.press("Delete");
  await editor.page().keyboard.insertText(code);
}

test("a learner runs, fails a trial, takes a hint, restores an earlier attempt and passes", async ({
  page,
  request,
  consoleErrors,
}) => {
  const status = await request.get("/api/run/status");
  const engine = status.ok() ? ((await status.json()) as { engine: string }).engine : "off";
  test.skip(engine === "off", "no code runner on this machine: trials cannot be graded");
  test.setTimeout(240_000);

  const email = `ladder-${Date.now()}-${test.info().workerIndex}@example.com`;
  const reg = await request.post("/api/auth/register", { data: { name: "Lara Ladder", email, password } });
  expect(reg.status()).toBe(201);
  await gotoAndSettle(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const detail = (await (await request.get(`/api/exercises/${TRIAL}`)).json()) as { title: string };
  await gotoAndSettle(page, `/course/python-programming?lesson=${LESSON}`);
  const trial = page.getByRole("region", { name: new RegExp(`^Trial( \\d)?: ${detail.title}`) });
  await expect(trial).toBeVisible();
  const editor = trial.locator(".cm-content");
  await expect(editor).toContainText("TODO", { timeout: 30_000 });
  await expect(trial.getByTestId("trial-keys")).toContainText("Ctrl+Enter runs, Ctrl+Shift+Enter submits");

  // Run first: output, exit status and time on the first sample; not an attempt.
  await setCode(editor, "a = int(input())\nb = int(input())\nprint(a * b * 2)\n");
  await trial.getByRole("button", { name: "Run", exact: true }).click();
  const run = trial.getByTestId("trial-run-output");
  await expect(run).toContainText("Ran on the sample", { timeout: 60_000 });
  await expect(run).toContainText("40");
  await expect(trial.getByTestId("trial-run-status")).toContainText(/Exit status 0 · \d+ ms/);
  // Own input, through the keyboard shortcut.
  await trial.getByRole("checkbox", { name: /Run on my own input/ }).check();
  await trial.getByLabel("Custom input").fill("3\n5\n");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(run).toContainText("Ran on your own input", { timeout: 60_000 });
  await expect(run).toContainText("30");
  await expect(trial.getByTestId("hints-remaining")).toHaveText("3 of 3 hints remain.");

  // A failed submission (Ctrl+Shift+Enter): the first hint comes by itself.
  await editor.click();
  await page.keyboard.press("ControlOrMeta+Shift+Enter");
  const verdict = trial.getByTestId("trial-verdict");
  await expect(verdict).toContainText("Not yet, warrior", { timeout: 90_000 });
  const hints = trial.getByRole("list", { name: "Hints" });
  await expect(hints.getByRole("listitem")).toHaveCount(1);
  await expect(trial.getByTestId("hints-remaining")).toHaveText("2 of 3 hints remain.");
  await expect(trial.getByText(/next hint comes after your next attempt/)).toBeVisible();

  // Something else entirely, then back to the earlier attempt from "My attempts".
  await setCode(editor, "print('lost my way')\n");
  await trial.getByText("My attempts").click();
  const attempts = trial.getByRole("list", { name: "My attempts" });
  // Two runs, one submission: only the submission is an attempt.
  await expect(attempts.getByRole("listitem")).toHaveCount(1);
  await attempts.getByRole("button", { name: /^Restore the attempt of/ }).click();
  await expect(editor).toContainText("print(a * b * 2)");
  await expect(trial.getByText(/is back in the editor/)).toBeVisible();

  // Fix the restored code (2 meals a day -> 3) and pass.
  await setCode(editor, "a = int(input())\nb = int(input())\nprint(a * b * 3)\n");
  await trial.getByRole("button", { name: "Submit" }).click();
  await expect(verdict).toContainText("Trial conquered!", { timeout: 90_000 });
  await expect(trial.getByTestId("trial-xp")).toContainText("+25 XP earned");
  await expect(attempts.getByRole("listitem")).toHaveCount(2);

  // After the pass, compare with the reference solution.
  await trial.getByRole("button", { name: /Compare with the reference solution/ }).click();
  await expect(trial.getByTestId("trial-solution")).toContainText("input()");
  expect(consoleErrors).toEqual([]);
});
