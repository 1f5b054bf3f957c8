/**
 * Python's first run in the editor: /playground in Debian Chromium against a production
 * `npm start`, no throttling, this machine. A fresh browser (empty cache) opens the page, picks
 * Python and presses Execute at once: the time from picking Python to the program's output is the
 * first run a learner waits for (Pyodide loads in its worker from the moment Python is picked).
 * Also printed: the same when the learner spends 2 s writing before Execute, a later run, and a
 * first run with the browser's cache warm (a second visit). Never passes or fails on a figure.
 * Run: npm run bench:python -w @koc/bench   (CHROME_PATH=/usr/bin/chromium, BENCH_PYTHON_RUNS=3)
 */
import { type Browser, chromium, type Page } from "playwright-core";
import { startApp } from "./start-app.js";

const RUNS = Math.max(1, Number(process.env.BENCH_PYTHON_RUNS ?? 3));
const HELLO = "Hello, Kingdom of Code!";
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function openPlayground(page: Page, base: string) {
  await page.goto(`${base}/playground`, { waitUntil: "load" });
  await page.getByRole("radiogroup", { name: "Language" }).waitFor();
}

async function pickPython(page: Page): Promise<number> {
  await page.getByRole("radiogroup", { name: "Language" }).getByText("Python", { exact: true }).click();
  const picked = performance.now();
  await page.getByRole("heading", { level: 2, name: "PYTHON ARENA" }).waitFor();
  return picked;
}

/**
 * Presses Execute and waits for `expected` in the output; how long that took (ms), timed in the
 * page: from the click to the output's change. (Timed from here, Playwright's own click, with its
 * actionability checks and retries, added 150 ms to 1 s.)
 */
async function execute(page: Page, expected: string): Promise<number> {
  // Playwright finds the button and waits until it is enabled; the page presses it and times it.
  const button = await page.getByRole("button", { name: "Execute" }).elementHandle();
  if (!button) throw new Error("no Execute button");
  await button.waitForElementState("enabled");
  return button.evaluate(
    (execute, text) =>
      new Promise<number>((resolve, reject) => {
        // The output panel may appear only once the run starts: watch the whole page for it.
        // (No named functions in here: tsx would wrap them in a helper the page does not have.)
        const timer = setTimeout(() => reject(new Error(`no "${text}" in the output after 120 s`)), 120_000);
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[data-testid="code-output"]')?.textContent?.includes(text)) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(performance.now() - pressed);
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        const pressed = performance.now();
        (execute as HTMLButtonElement).click();
      }),
    expected,
  );
}

async function measure(browser: Browser, base: string) {
  const fresh = await browser.newContext();
  const page = await fresh.newPage();
  await openPlayground(page, base);
  const picked = await pickPython(page);
  await execute(page, HELLO);
  const atOnce = performance.now() - picked;
  // A later run of a new program.
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText('print("again")');
  const later = await execute(page, "again");
  await fresh.close();

  // The learner picks Python, then writes for 2 s before pressing Execute.
  const writer = await browser.newContext();
  const page2 = await writer.newPage();
  await openPlayground(page2, base);
  await pickPython(page2);
  await page2.waitForTimeout(2000);
  const afterWriting = await execute(page2, HELLO);
  // A second visit in the same browser: the files come from its cache.
  await page2.goto("about:blank");
  await openPlayground(page2, base);
  const picked2 = await pickPython(page2);
  await execute(page2, HELLO);
  const warmCache = performance.now() - picked2;
  await writer.close();
  return { atOnce, afterWriting, later, warmCache };
}

const app = await startApp();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
try {
  const runs: Awaited<ReturnType<typeof measure>>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, app.base));
  const row = (label: string, key: keyof (typeof runs)[number]) =>
    console.log(
      `${label.padEnd(58)} ${String(Math.round(median(runs.map((r) => r[key])))).padStart(6)} ms   (${runs.map((r) => Math.round(r[key])).join(", ")})`,
    );
  console.log(`Python in the editor, /playground, Chromium, ${RUNS} fresh browser context(s), median; ${app.base}`);
  row("first run: pick Python, Execute at once, until the output", "atOnce");
  row("first run: pick Python, write 2 s, Execute until the output", "afterWriting");
  row("first run on a second visit (browser cache warm)", "warmCache");
  row("a later run (Execute until the output)", "later");
} finally {
  await browser.close();
  await app.stop();
}
