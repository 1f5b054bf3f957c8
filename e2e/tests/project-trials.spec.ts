import { readdirSync, readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";

const TRIAL = "java-programming--packages-and-imports--4";

/** The hidden suite's readable test names, from the trial's content file (the API never sends the suite). */
function hiddenTestNames(): string[] {
  const dir = new URL("../../content/courses/java-programming/exercises/", import.meta.url);
  // The trial's number is its file's: java-programming--packages-and-imports--4 is 25-packages-and-imports.4.md.
  const file = readdirSync(dir).find((f) => f.endsWith(`-packages-and-imports.${TRIAL.split("--").at(-1)}.md`));
  if (!file) throw new Error("no content file for the war roster project");
  const text = readFileSync(new URL(file, dir), "utf8");
  return [...text.matchAll(/@DisplayName\("([^"]+)"\)/g)].map((m) => m[1] as string);
}

async function graded(request: APIRequestContext): Promise<boolean> {
  const status = await request.get("/api/run/status");
  return status.ok() && ((await status.json()) as { engine: string }).engine === "local";
}

test("a learner opens the object-oriented project, moves between its files, edits one, submits and sees the hidden tests by name", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.skip(!(await graded(request)), "no local sandbox here: project trials cannot be graded");
  // One graded submission: the project's files compiled together, then the JUnit suite in the sandbox.
  test.setTimeout(240_000);
  const detail = await request.get(`/api/exercises/${TRIAL}`);
  expect(detail.ok()).toBe(true);
  const { title, hiddenTests, files } = (await detail.json()) as {
    title: string;
    hiddenTests: number;
    files: { path: string; code: string }[];
  };
  expect(files.length).toBeGreaterThan(2);
  const names = hiddenTestNames();
  expect(names).toHaveLength(hiddenTests);

  await gotoAndSettle(page, "/course/java-programming?lesson=java-programming--packages-and-imports");
  const trial = page.getByRole("region", { name: new RegExp(`^Trial( \\d)?: ${title}`) });
  await trial.scrollIntoViewIfNeeded();
  const tabs = trial.getByRole("tab");
  // The editor loads only once a trial is on screen (and a shared machine can be slow).
  await expect(tabs).toHaveCount(files.length, { timeout: 60_000 });
  await expect(trial.getByRole("tabpanel").locator(".cm-content")).toContainText("package mahishmati", {
    timeout: 60_000,
  });

  // Another file's tab shows that file's own document.
  const archer = files.find((f) => f.path.endsWith("/Archer.java"));
  if (!archer) throw new Error("the war roster has no Archer.java");
  const archerTab = trial.getByRole("tab", { name: archer.path });
  await archerTab.click();
  await expect(archerTab).toHaveAttribute("aria-selected", "true");
  const editor = trial.getByRole("tabpanel").locator(".cm-content");
  await expect(editor).toContainText("class Archer");
  // Keyboard: the arrow keys move between the files.
  await archerTab.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(archerTab).toHaveAttribute("aria-selected", "false");
  await page.keyboard.press("ArrowRight");
  await expect(archerTab).toHaveAttribute("aria-selected", "true");

  // An edit to this file (a comment: the starter still compiles) goes with the submission.
  await editor.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.insertText("\n// Kattappa's note: the archers stand behind the shield wall.\n");
  const submission = page.waitForRequest((r) => r.url().endsWith(`/api/exercises/${TRIAL}/submissions`));
  await trial.getByRole("button", { name: "Submit" }).click();
  const sent = (await submission).postDataJSON() as { files: { path: string; code: string }[] };
  expect(sent.files.map((f) => f.path).sort()).toEqual(files.map((f) => f.path).sort());
  expect(sent.files.find((f) => f.path === archer.path)?.code).toContain("Kattappa's note");

  // The starter compiles and fails: the hidden suite's failures are named.
  const verdict = trial.getByTestId("trial-verdict");
  await expect(verdict).toContainText("Not yet, warrior", { timeout: 180_000 });
  const unitTests = verdict.getByRole("list", { name: "Unit tests" }).getByRole("listitem");
  await expect(unitTests).toHaveCount(hiddenTests);
  const failed = unitTests.filter({ has: page.locator(".case-status", { hasText: "failed" }) });
  expect(await failed.count()).toBeGreaterThan(0);
  for (const text of await failed.allTextContents()) {
    expect(
      names.some((name) => text.includes(name)),
      text,
    ).toBe(true);
  }
  expect(consoleErrors).toEqual([]);
});
