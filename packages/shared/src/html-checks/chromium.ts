/**
 * Runs an HTML trial's checks in headless Chromium (playwright-core): the server's re-check before
 * a pass is recorded, and the content tests. The page's own scripts are disabled, every network
 * request is refused, each width gets a fresh browser context, and the whole check has a deadline.
 * One browser per checker, launched on first use. See docs/decisions/0031-html-trials.md.
 */
import { existsSync } from "node:fs";
import type { Browser } from "playwright-core";
import {
  CHECK_VIEWPORT_HEIGHT,
  DEFAULT_CHECK_WIDTH,
  HTML_CHECK_HARNESS,
  type HtmlCheckInfo,
  type HtmlCheckResult,
  mergeCheckResults,
} from "./index.js";

/** No Chromium on this machine (or it would not start): the caller answers 503. */
export class ChromiumUnavailableError extends Error {}
/** The page took longer than the deadline to render and check. */
export class PageCheckTimeoutError extends Error {}

/**
 * KOC_CHROMIUM_PATH, else the system's Chromium: Debian's headless shell when it is installed (the
 * browser built for automation, which renders a check in about half the CPU of the full browser),
 * else the full browser; undefined if none.
 */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [
    env.KOC_CHROMIUM_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
  return candidates.find((p): p is string => typeof p === "string" && p !== "" && existsSync(p));
}

export interface PageChecker {
  /** Every check's verdict, in the order of `checks`. */
  run(html: string, code: string, checks: HtmlCheckInfo[]): Promise<HtmlCheckResult[]>;
  close(): Promise<void>;
}

export function createPageChecker(
  options: { executablePath?: string | undefined; timeoutMs?: number } = {},
): PageChecker {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let browser: Promise<Browser> | undefined;
  let closed = false;

  async function launch(): Promise<Browser> {
    const executablePath = options.executablePath ?? chromiumPath();
    if (!executablePath) throw new ChromiumUnavailableError("Chromium is not installed on this server.");
    const { chromium } = await import("playwright-core");
    try {
      const b = await chromium.launch({ executablePath, args: ["--disable-gpu", "--no-first-run"] });
      b.on("disconnected", () => {
        // A crashed browser is launched again by the next check.
        browser = undefined;
      });
      return b;
    } catch (err) {
      throw new ChromiumUnavailableError(`Chromium did not start: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async function atWidth(b: Browser, html: string, code: string, width: number): Promise<HtmlCheckResult[]> {
    const context = await b.newContext({
      javaScriptEnabled: false,
      bypassCSP: true,
      viewport: { width, height: CHECK_VIEWPORT_HEIGHT },
      offline: true,
    });
    try {
      await context.route("**/*", (route) => route.abort());
      const page = await context.newPage();
      page.setDefaultTimeout(timeoutMs);
      await page.setContent(html, { waitUntil: "load" });
      const expression = `(${HTML_CHECK_HARNESS})(window, ${JSON.stringify({ code, width, defaultWidth: DEFAULT_CHECK_WIDTH })})`;
      return (await page.evaluate(expression)) as HtmlCheckResult[];
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  return {
    async run(html, code, checks) {
      if (closed) throw new ChromiumUnavailableError("The page checker is shut down.");
      browser ??= launch();
      let b: Browser;
      try {
        b = await browser;
      } catch (err) {
        browser = undefined;
        throw err;
      }
      const widths = [...new Set(checks.map((c) => c.width))].sort((x, y) => x - y);
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PageCheckTimeoutError("The page took too long to check.")), timeoutMs);
      });
      try {
        const runs = await Promise.race([Promise.all(widths.map((w) => atWidth(b, html, code, w))), deadline]);
        return mergeCheckResults(checks, runs);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      closed = true;
      const b = browser;
      browser = undefined;
      if (b) await (await b.catch(() => undefined))?.close();
    },
  };
}
