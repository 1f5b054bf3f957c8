// After `vite build` and `vite build --ssr src/app/prerender.tsx`: writes every public page
// (/, /about, /courses, /course/{id}, the legal pages, /contact, /kattappa) as HTML that already
// holds its content, rendered by React Router's static data router from the real catalogue.
// The server serves dist/pages/{path}.html for its path (apps/server/src/plugins/web-app.ts).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const webDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(webDir, "dist");
const catalogueFile = join(webDir, "..", "..", "content", "dist", "catalogue.json");

const { prerenderSite, ORIGIN_PLACEHOLDER } = await import(
  pathToFileURL(join(webDir, ".prerender", "prerender.js")).href
);

const manifestFile = join(dist, ".vite", "manifest.json");
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
/**
 * The fonts of the text above the fold: headings (Cinzel bold), body text (Source Sans 3), its
 * semibold buttons and bold labels. Preloaded, they are fetched beside the CSS instead of after it.
 */
const fontNames = [
  /^cinzel-latin-700-normal-.*\.woff2$/,
  /^source-sans-3-latin-400-normal-.*\.woff2$/,
  /^source-sans-3-latin-600-normal-.*\.woff2$/,
  /^source-sans-3-latin-700-normal-.*\.woff2$/,
];
const assets = readdirSync(join(dist, "assets"));
const fonts = fontNames.map((pattern) => {
  const file = assets.find((name) => pattern.test(name));
  if (!file) throw new Error(`prerender: no font file matching ${pattern} in dist/assets`);
  return `/assets/${file}`;
});

const pages = await prerenderSite({
  shell: readFileSync(join(dist, "index.html"), "utf8"),
  manifest,
  catalogue: JSON.parse(readFileSync(catalogueFile, "utf8")),
  fonts,
});

const pagesDir = join(dist, "pages");
rmSync(pagesDir, { recursive: true, force: true });
const index = {};
for (const { path, html } of pages) {
  const file = path === "/" ? "index.html" : `${path.slice(1)}.html`;
  mkdirSync(dirname(join(pagesDir, file)), { recursive: true });
  writeFileSync(join(pagesDir, file), html);
  index[path] = file;
}
// The server reads this list instead of mapping request paths to files itself, and puts its
// public origin in place of `origin` in the canonical and Open Graph links.
writeFileSync(
  join(pagesDir, "pages.json"),
  `${JSON.stringify({ origin: ORIGIN_PLACEHOLDER, pages: index }, null, 2)}\n`,
);
rmSync(join(dist, ".vite"), { recursive: true, force: true });
rmSync(join(webDir, ".prerender"), { recursive: true, force: true });
console.log(`prerender: ${pages.length} public pages -> dist/pages/`);
