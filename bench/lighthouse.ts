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
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
const MAIN_PAGES = ["/", "/courses", "/course/java-programming"];
const OTHER_PAGES = ["/about", "/contact", "/kattappa", "/terms", "/refund-policy", "/shipping", "/privacy"];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

/** `npm start` exactly as a newcomer runs it: builds what is missing (always production), then serves. */
async function startApp() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "koc-lighthouse-"));
  let output = "";
  const child = spawn(process.execPath, [join(root, "scripts", "start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => {
    output += String(d);
  });
  child.stderr.on("data", (d) => {
    output += String(d);
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}: ${output.slice(-2000)}`);
    if (i > 600) throw new Error(`npm start was not ready after 5 minutes: ${output.slice(-2000)}`);
    const ok = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

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
      const result = await lighthouse(`${app.base}${path}`, {
        ...flags,
        onlyCategories: ["performance", "accessibility", "best-practices"],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      runs.push(result.lhr);
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
      const result = await lighthouse(`${app.base}${path}`, {
        ...flags,
        onlyCategories: ["accessibility", "best-practices"],
      });
      if (!result) continue;
      const lost = ["accessibility", "best-practices"].flatMap((c) => lostPoints(result.lhr, c));
      console.log(
        `${path.padEnd(27)}    - ${String(score(result.lhr, "accessibility")).padStart(5)} ${String(score(result.lhr, "best-practices")).padStart(5)}  ${lost.join(", ") || "-"}`,
      );
    }
  }
} finally {
  chrome.kill();
  await app.stop();
}
