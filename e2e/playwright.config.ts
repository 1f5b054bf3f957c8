import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

/** Debian's Chromium (apt-get install chromium); a test tool's own browser download does not work offline. */
function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}. Install it with "sudo apt-get install -y chromium" ` +
        "or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    );
  }
  return candidate;
}

/**
 * Debian's headless shell (apt-get install chromium-headless-shell), the browser built for automation
 * that Playwright itself prefers for headless runs: the suite took 3.9 min with it against 5.7 with
 * the full browser here. The full browser when it is not installed.
 */
function headlessShellPath(): string {
  const candidate = process.env.CHROMIUM_HEADLESS_SHELL_PATH || "/usr/bin/chromium-headless-shell";
  return existsSync(candidate) ? candidate : chromiumPath();
}

/**
 * `--js-flags=--no-opt`: the page's JavaScript runs without V8's optimising compilers, as the content
 * checks run Java on the quick JIT only: a test's page lives seconds, over before an optimised
 * compile pays for itself, and the compiles ran on the same two cores. Three specs (73 tests) took
 * 202 and 233 busy CPU-s with it against 220 and 250 without, run next to each other here.
 */
const browserArgs = [
  "--js-flags=--no-opt",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Tests tagged with this need the full browser (its installability verdict): the headless shell has none. */
const FULL_BROWSER = "@full-browser";

/** A free port and a temporary DATA_DIR, chosen once and shared with the workers through the environment. */
if (!process.env.E2E_PORT) {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  process.env.E2E_PORT = execFileSync(process.execPath, ["-e", script]).toString().trim();
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), "koc-e2e-"));
}
const port = process.env.E2E_PORT;
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "./tests",
  outputDir: "./test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One browser more than there are cores, in CI too, as the unit tests run their files: every test
  // signs up its own learner, so they share nothing but the server, and much of a test's time is
  // spent waiting on it (a run, a grade, a page load). The whole suite took 11.4 min with one worker
  // in CI and 5.3 min with two; on two cores here, three took 209 s against two's 227 (the same
  // 397 CPU-s, the machine idle 17 s instead of 49). At most three: the tests share one server and
  // one address's limits, and more than three at once were never tried.
  workers: Math.min(3, availableParallelism() + 1),
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL,
    // The app's service worker (src/sw.ts) stays out of the tests of everything else: once a page
    // is idle it registers and downloads the app's whole shell (166 files, 1.7 MB) into the cache,
    // in every test's fresh browser context, and online it only passes page loads through to the
    // network. Blocked, three specs (42 tests) took 228 and 228 CPU-s instead of 294 and 323, and
    // 127 and 125 s instead of 156 and 171. Its own work (precache, offline pages, saved courses,
    // the installable app) is tested by offline.spec.ts, and the console of a first load by
    // prerender.spec.ts: both allow it. (Blocked, register() answers undefined and the page logs a
    // warning, so a test that checks for warnings must allow it.)
    serviceWorkers: "block",
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      grepInvert: new RegExp(FULL_BROWSER),
      use: { launchOptions: { executablePath: headlessShellPath(), args: browserArgs } },
    },
    {
      name: "chromium-full",
      grep: new RegExp(FULL_BROWSER),
      use: { launchOptions: { executablePath: chromiumPath(), args: browserArgs } },
    },
  ],
  webServer: {
    // Exactly as a newcomer runs it: npm start (builds if needed, then serves on PORT).
    command: "node ../scripts/start.mjs",
    url: `${baseURL}/api/ready`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: String(process.env.E2E_DATA_DIR),
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      // The review deck's test clock: a request's X-Test-Clock-Days moves "today" ahead (decision 0026).
      TEST_CLOCK: "1",
      // The sandbox's uids apart from the unit tests' (65534 down to 65055: apps/server/test/harness.ts),
      // so both suites can run at once on one machine: a process limit counts per uid, and the unit
      // tests' checks that nothing is left running look at their own uids.
      RUNNER_UID_BASE: "65050",
    },
  },
});
