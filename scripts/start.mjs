// npm start: builds whatever is missing or older than its sources, then runs the server,
// which serves the API and the web app on PORT (3000) with the embedded database in DATA_DIR.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const at = (...p) => join(root, ...p);

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry === "dist") continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const outputs = [at("content/dist/catalogue.json"), at("apps/web/dist/index.html"), at("apps/server/dist/main.js")];
const sources = [
  "content/courses",
  "content/src",
  "packages/shared/src",
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/public",
  "apps/web/vite.config.ts",
  "apps/web/scripts",
  "apps/server/src",
  "apps/server/drizzle",
];
const builtAt = Math.min(...outputs.map((o) => (existsSync(o) ? statSync(o).mtimeMs : 0)));
const changedAt = Math.max(...sources.map((s) => newest(at(s))));

// KOC_SKIP_BUILD=1 serves the existing build as it is (e.g. an image built ahead of time).
const skip = process.env.KOC_SKIP_BUILD === "1" && builtAt > 0;
if (!skip && (builtAt === 0 || changedAt > builtAt)) {
  console.log(builtAt === 0 ? "First start: building the app..." : "Sources changed: rebuilding the app...");
  // Always a production build, even when the shell has NODE_ENV=development (React's dev build is slow).
  const env = { ...process.env, NODE_ENV: "production" };
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// In a terminal during development, the JSON log lines are printed readably (pino-pretty); piped
// or in production they stay JSON for a log shipper. LOG_FORMAT set by hand wins.
if (!process.env.LOG_FORMAT && process.stdout.isTTY && process.env.NODE_ENV !== "production") {
  process.env.LOG_FORMAT = "pretty";
}

await import(at("apps/server/dist/main.js"));
