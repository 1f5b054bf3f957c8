import { readdirSync, readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { appLive, expect, test } from "./fixtures";
import { answerKey } from "./quiz-helpers";

const password = "royal-secret-1";
const COURSE = "python-programming";

/** Every Cache Storage entry's address, and whether the offline database exists. */
const storedOffline = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(`${name} ${new URL(req.url).pathname}`);
    }
    const databases = (await indexedDB.databases()).map((d) => d.name);
    return { urls, hasDatabase: databases.includes("koc-offline") };
  });

/** Replaces an editor's code the way a user would: focus, select all, type. */
async function setCode(editor: Locator, code: string) {
  await editor.click();
  await editor.page().keyboard.press("ControlOrMeta+a");
  await editor.page().keyboard.press("Delete");
  await editor.page().keyboard.insertText(code);
}

/** A trial's reference solution, from its content file (the API never sends it). */
function referenceSolution(exerciseId: string): string {
  const [courseId, slug, k] = exerciseId.split("--");
  const dir = new URL(`../../content/courses/${courseId}/exercises/`, import.meta.url);
  const file = readdirSync(dir).find((f) => f.replace(/^\d+-/, "") === `${slug}.${k}.md`);
  if (!file) throw new Error(`no content file for ${exerciseId}`);
  const text = readFileSync(new URL(file, dir), "utf8").replace(/\r\n/g, "\n");
  const solution = /## Solution\s*\n+```\w*\n([\s\S]*?)\n```/.exec(text)?.[1];
  if (!solution) throw new Error(`no ## Solution block in ${file}`);
  return solution;
}

// The service worker is what this file tests (the other specs block it: playwright.config.ts).
// Offline, every request that reaches for the network fails, and the browser logs each one.
test.use({ serviceWorkers: "allow", expectedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

test("save a course, go offline, reload: the lesson opens, Python runs, the quiz and trial submissions wait and are graded by the server back online; sign-out clears it", async ({
  page,
  context,
  request,
  consoleErrors,
}) => {
  test.setTimeout(300_000);
  const email = `offline-${Date.now()}-${test.info().workerIndex}@example.com`;
  const registered = await request.post("/api/auth/register", { data: { name: "Devasena", email, password } });
  expect(registered.status()).toBe(201);
  const { token, user } = (await registered.json()) as { token: string; user: unknown };
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.put(`/api/enrollments/${COURSE}`, { headers: auth })).ok()).toBe(true);
  const lessons = (await (await request.get(`/api/materials/course/${COURSE}`)).json()) as {
    _id: string;
    title: string;
  }[];
  const first = lessons[0] as { _id: string; title: string };
  const TRIAL = `${first._id}--1`;
  const trialDetail = (await (await request.get(`/api/exercises/${TRIAL}`)).json()) as { title: string };
  const status = await request.get("/api/run/status");
  const engine = status.ok() ? ((await status.json()) as { engine: string }).engine : "off";

  // Signed in: the token and user as the login form leaves them.
  await page.goto("/about");
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("token", t as string);
      localStorage.setItem("user", JSON.stringify(u));
    },
    [token, user],
  );
  await page.goto(`/course/${COURSE}`);
  await expect(page.getByRole("heading", { level: 1, name: "Python Programming" })).toBeVisible();
  // The service worker is installed once the page is interactive.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  // Its size is stated before anything is saved; then it downloads with its progress shown.
  await page.getByRole("button", { name: "Save for offline" }).click();
  const stated = page.getByText(/^This course takes \d+(\.\d)? (KB|MB), plus \d+\.\d MB for the Python runtime/);
  await expect(stated).toBeVisible({ timeout: 60_000 });
  test.info().annotations.push({ type: "stated size", description: (await stated.textContent()) ?? "" });
  await page.getByRole("button", { name: /^Save \d+\.\d MB$/ }).click();
  await expect(page.getByText(/Saved for offline \(\d+(\.\d)? (KB|MB)\)/)).toBeVisible({ timeout: 180_000 });
  // Only the saved files are in Cache Storage besides the app's shell and pages: no API answer.
  const saved = await storedOffline(page);
  expect(saved.urls.filter((u) => u.includes("/api/"))).toEqual([]);
  expect(saved.urls.some((u) => /^koc-saved-assets \/assets\/pyodide-[^/]+\/pyodide\.asm\.wasm$/.test(u))).toBe(true);
  expect(saved.hasDatabase).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Python Programming" })).toBeVisible({ timeout: 30_000 });
  // The heading is the prerendered page's: a click before the app has hydrated it is lost (seen on a
  // loaded machine, where the lesson then never opened). Offline requests fail at once, so this
  // waits for the app alone, not for a quiet network as settleAfter does.
  await appLive(page);
  await expect(page.getByText("You are offline. Courses you saved for offline still open.")).toBeVisible();
  await page
    .getByRole("button", { name: new RegExp(first.title) })
    .first()
    .click();
  const lesson = page.getByRole("article", { name: `Lesson: ${first.title}` });
  await expect(lesson).toBeVisible();
  await lesson.getByRole("button", { name: "Run python example" }).first().click();
  await expect(lesson.getByTestId("example-output").first()).toContainText("Welcome to the Kingdom of Code!", {
    timeout: 120_000,
  });

  // The quiz is answered offline: it waits, and nothing is marked passed.
  await page.getByRole("button", { name: "Take Knowledge Quiz" }).click();
  const dialog = page.getByRole("dialog");
  const key = answerKey(first._id);
  const groups = dialog.getByRole("group");
  for (const [i, pick] of key.entries()) await groups.nth(i).getByRole("radio").nth(pick).check();
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog.getByText("Waiting to be graded", { exact: true })).toBeVisible();
  await expect(page.getByText("1 waiting to be graded", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Continue Learning" }).click();
  const before = (await (await request.get(`/api/progress/${COURSE}`, { headers: auth })).json()) as {
    knowledgeUnlocked: string[];
  };
  expect(before.knowledgeUnlocked).not.toContain(first._id);

  // The dashboard opens from the saved copy too.
  await page.getByRole("link", { name: "Dashboard", exact: true }).first().click();
  await expect(
    page.getByRole("region", { name: "My Enrolled Courses" }).getByRole("heading", { name: "Python Programming" }),
  ).toBeVisible();

  // Trials submitted offline wait as well (when this machine has a runner to judge them): a wrong
  // solution, one forged in the queue as passed, and a right one. Nothing is shown as passed, and
  // the server has nothing yet.
  const judges = engine !== "off";
  const trial = page.getByRole("region", { name: new RegExp(`^Trial( \\d)?: ${trialDetail.title}`) });
  if (judges) {
    await page.goBack();
    await expect(trial).toBeVisible({ timeout: 30_000 });
    const editor = trial.locator(".cm-content");
    await expect(editor).toContainText("TODO", { timeout: 30_000 });
    await setCode(editor, "print(0)\n");
    await trial.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(trial.getByTestId("trial-waiting")).toContainText("Waiting to be graded");
    await expect(trial.getByTestId("trial-verdict")).toHaveCount(0);
    await expect(page.getByText("2 waiting to be graded", { exact: true })).toBeVisible();
    await page.evaluate(
      ([owner, exerciseId, materialId, courseId]) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open("koc-offline");
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction("outbox", "readwrite");
            tx.objectStore("outbox").add({
              owner,
              kind: "trial",
              path: `/exercises/${exerciseId}/submissions`,
              body: { code: "print('I passed, trust me')\n", language: "python", passed: true, firstPass: true },
              label: "Forged trial",
              ref: { exerciseId, materialId, courseId },
              queuedAt: new Date().toISOString(),
            });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      [email, TRIAL, first._id, COURSE],
    );
    await setCode(editor, referenceSolution(TRIAL));
    await trial.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(page.getByText("4 waiting to be graded", { exact: true })).toBeVisible();
    await expect(trial.getByTestId("trial-waiting")).toContainText("4 attempts waiting to be graded.");
    const none = await request.get(`/api/exercises/${TRIAL}/attempts`, { headers: auth });
    expect(await none.json()).toEqual([]);
  }

  // Back online: the server grades them in order, and its grades are the ones shown and kept.
  await context.setOffline(false);
  await expect(page.getByRole("alert").filter({ hasText: /graded by the server, 100% \(passed\)/ })).toBeVisible({
    timeout: 30_000,
  });
  if (judges) {
    await expect(trial.getByTestId("trial-verdict")).toContainText("Trial conquered!", { timeout: 120_000 });
    await expect(page.getByText(/waiting to be graded/)).toHaveCount(0);
    // My attempts, newest first: the right one passed; the forged one and the wrong one failed.
    await trial.getByText("My attempts").click();
    const rows = trial.getByRole("list", { name: "My attempts" }).getByRole("listitem");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0).locator(".case-status")).toHaveText("passed");
    await expect(rows.nth(1).locator(".case-status")).toHaveText(/^\d+ of \d+ passed$/);
    await expect(rows.nth(2).locator(".case-status")).toHaveText(/^\d+ of \d+ passed$/);
    const judged = (await (await request.get(`/api/exercises/${TRIAL}/attempts`, { headers: auth })).json()) as {
      passed: boolean;
    }[];
    expect(judged.map((a) => a.passed)).toEqual([true, false, false]);
    const trials = (await (await request.get(`/api/exercises?courseId=${COURSE}`, { headers: auth })).json()) as {
      _id: string;
      passed: boolean;
    }[];
    expect(trials.find((t) => t._id === TRIAL)?.passed).toBe(true);
  }
  await expect(page.getByText(/waiting to be graded/)).toHaveCount(0, { timeout: 60_000 });
  const after = (await (await request.get(`/api/progress/${COURSE}`, { headers: auth })).json()) as {
    knowledgeUnlocked: string[];
  };
  expect(after.knowledgeUnlocked).toContain(first._id);

  // Signing out deletes the learner's saved copies and files.
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect
    .poll(async () => {
      const left = await storedOffline(page);
      return left.hasDatabase || left.urls.some((u) => u.startsWith("koc-saved-assets "));
    })
    .toBe(false);
  // The browser logs the requests that failed while offline.
  expect(
    consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/.test(e)),
  ).toEqual([]);
});

// Runs in the full browser (playwright.config.ts): the headless shell gives no installability verdict.
test("the app is installable: a manifest with the crest's icons and a service worker that controls the page", {
  tag: "@full-browser",
}, async ({ page }) => {
  const res = await page.request.get("/manifest.webmanifest");
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as {
    name: string;
    theme_color: string;
    icons: { sizes: string; purpose?: string }[];
  };
  expect(manifest.name).toBe("Kingdom of Code");
  expect(manifest.theme_color).toBe("#0f1530");
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
  for (const icon of ["/pwa-192x192.png", "/pwa-512x512.png"]) {
    const png = await page.request.get(icon);
    expect(png.headers()["content-type"]).toBe("image/png");
  }
  await page.goto("/");
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  // Chromium's own verdict, the one behind its install button (Lighthouse 12 no longer audits it).
  // "in-incognito" is the test's browser context (never persisted), not the site: it is the one
  // reason allowed; a manifest, icon or service-worker problem is named by an id of its own.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
  // The check can fail: a page with no manifest is not installable.
  await page.goto("/api/health");
  const bare = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
  expect(bare.installabilityErrors.map((e) => e.errorId)).toContain("no-manifest");
});
