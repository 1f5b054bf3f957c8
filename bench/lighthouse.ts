/**
 * Lighthouse 12 with its mobile settings (simulated slow 4G, 4x CPU slowdown) in Debian Chromium
 * against a production `npm start` on a fresh data directory. Prints performance, accessibility
 * and best-practices scores with LCP, TBT and CLS for /, /courses and /course/java-programming,
 * the audits that cost points, and the JavaScript a first visit to / downloads (gzip).
 * Never passes or fails on a figure.
 * Run: npm run bench:lighthouse -w @koc/bench
 *   CHROME_PATH=/usr/bin/chromium  BENCH_LIGHTHOUSE_RUNS=3 (median of n runs per page)
 *   BENCH_LIGHTHOUSE_ALL=1 (also accessibility and best practices of every other public page)
 */
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { startApp } from "./start-app.js";

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
const MAIN_PAGES = ["/", "/courses", "/course/java-programming"];
const OTHER_PAGES = ["/about", "/contact", "/kattappa", "/terms", "/refund-policy", "/shipping", "/privacy"];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** Audits of a category that did not get full marks (what to fix). */
function lostPoints(lhr: Result, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a): a is NonNullable<typeof a> => a !== undefined && a.score !== null && a.score < 1)
    .map((a) => a.id);
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** Every script a first visit downloads, from Lighthouse's network log, with its gzip size at level 9. */
async function firstVisitScripts(lhr: Result) {
  const items = ((lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined)?.items ??
    []) as NetworkRequest[];
  const scripts = items.filter((r) => r.resourceType === "Script");
  let gzip = 0;
  let transferred = 0;
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(script.url)).arrayBuffer());
    gzip += gzipSync(body, { level: 9 }).length;
    transferred += script.transferSize ?? 0;
  }
  return { count: scripts.length, gzip, transferred };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * One Lighthouse run. A run whose trace Lighthouse could not read (NO_NAVSTART and the like: it
 * says "Please run Lighthouse again") has no scores at all, so it is run again, at most twice,
 * and said; a page that fails three times in a row fails the bench.
 */
async function audit(url: string, flags: Flags): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed 3 times on ${url}: ${error.code} ${error.message}`);
    console.log(`  (${url}: Lighthouse ${error.code}, run again)`);
  }
}

const app = await startApp();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
try {
  const flags: Flags = { port: chrome.port, output: "json", logLevel: "error" };
  console.log(`Lighthouse 12 mobile (simulated slow 4G, 4x CPU), ${RUNS} run(s) per page, median; ${app.base}`);
  console.log("page                        perf  a11y  best   LCP      TBT     CLS    points lost");
  let home: Result | undefined;
  for (const path of MAIN_PAGES) {
    const runs: Result[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(
        await audit(`${app.base}${path}`, {
          ...flags,
          onlyCategories: ["performance", "accessibility", "best-practices"],
        }),
      );
    }
    const perf = median(runs.map((r) => score(r, "performance")));
    const typical = runs.find((r) => score(r, "performance") === perf) ?? (runs[0] as Result);
    if (path === "/") home = typical;
    const lost = ["performance", "accessibility", "best-practices"].flatMap((c) => lostPoints(typical, c));
    console.log(
      [
        path.padEnd(27),
        String(perf).padStart(4),
        String(score(typical, "accessibility")).padStart(5),
        String(score(typical, "best-practices")).padStart(5),
        `${(numeric(typical, "largest-contentful-paint") / 1000).toFixed(2)} s`.padStart(8),
        `${Math.round(numeric(typical, "total-blocking-time"))} ms`.padStart(8),
        numeric(typical, "cumulative-layout-shift").toFixed(3).padStart(7),
        ` ${lost.join(", ") || "-"}`,
      ].join(" "),
    );
  }
  if (home) {
    const js = await firstVisitScripts(home);
    console.log(
      `First visit to /: ${js.count} scripts, ${kb(js.gzip)} gzip (level 9), ${kb(js.transferred)} as transferred`,
    );
  }
  if (process.env.BENCH_LIGHTHOUSE_ALL === "1") {
    for (const path of OTHER_PAGES) {
      const lhr = await audit(`${app.base}${path}`, { ...flags, onlyCategories: ["accessibility", "best-practices"] });
      const lost = ["accessibility", "best-practices"].flatMap((c) => lostPoints(lhr, c));
      console.log(
        `${path.padEnd(27)}    - ${String(score(lhr, "accessibility")).padStart(5)} ${String(score(lhr, "best-practices")).padStart(5)}  ${lost.join(", ") || "-"}`,
      );
    }
  }
} finally {
  chrome.kill();
  await app.stop();
}
