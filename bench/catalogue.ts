/**
 * Catalogue API latency and first-page weight. Prints figures; never passes or fails on time.
 * Run: npm run bench (after npm run build, for the page weight).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildApp } from "../apps/server/src/app.js";
import { openDatabase } from "../apps/server/src/db/client.js";
import { readCatalogue, seedCatalogue } from "../apps/server/src/db/seed.js";
import { webDistDir } from "../apps/server/src/paths.js";

const REQUESTS = 400;
const CONCURRENCY = 8;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(base: string, path: string) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t = performance.now();
        const res = await fetch(base + path);
        await res.arrayBuffer();
        times.push(performance.now() - t);
      }
    }),
  );
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  return { path, p50: percentile(times, 50), p95: percentile(times, 95), rps: (times.length / total) * 1000 };
}

const database = openDatabase({});
await database.migrate();
await seedCatalogue(database.db, readCatalogue());
const app = await buildApp({ database });
const address = await app.listen({ port: 0, host: "127.0.0.1" });

console.log(`catalogue API on PGlite (in memory), ${REQUESTS} requests, concurrency ${CONCURRENCY}`);
console.log("path                                      p50 ms   p95 ms   req/s");
for (const path of ["/api/courses", "/api/courses/java-programming", "/api/materials/course/java-programming"]) {
  await measure(address, path); // warm-up
  const r = await measure(address, path);
  console.log(
    `${r.path.padEnd(42)}${r.p50.toFixed(1).padStart(6)}${r.p95.toFixed(1).padStart(9)}${r.rps.toFixed(0).padStart(8)}`,
  );
}
await app.close();
await database.close();

const indexHtml = join(webDistDir, "index.html");
if (existsSync(indexHtml)) {
  const html = readFileSync(indexHtml, "utf8");
  const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  const gz = (f: string) => gzipSync(readFileSync(join(webDistDir, f))).length;
  const first = entry.reduce((n, f) => n + gz(f), 0);
  const all = readdirSync(join(webDistDir, "assets")).filter((f) => /\.(js|css)$/.test(f));
  const allBytes = all.reduce((n, f) => n + statSync(join(webDistDir, "assets", f)).size, 0);
  console.log(
    `\nfirst page (index.html entry JS + CSS): ${(first / 1024).toFixed(1)} KiB gzipped (${entry.length} files)`,
  );
  console.log(
    `all JS + CSS assets: ${(allBytes / 1024).toFixed(0)} KiB raw in ${all.length} files (route chunks load on demand)`,
  );
} else {
  console.log("\n(no web build: run npm run build for the page-weight figures)");
}
