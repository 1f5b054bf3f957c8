import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const apiPort = process.env.API_PORT ?? "3000";

/** The started interpreter's memory snapshot, beside Pyodide's own files. */
const SNAPSHOT_FILE = "interpreter-snapshot.bin";

/**
 * Pyodide's runtime is served from our own origin (no CDN): its files are copied out of the npm
 * package into the build (never committed) under a versioned, cacheable path, and served in dev.
 */
function pyodideAssets(): Plugin {
  const pkgDir = dirname(createRequire(import.meta.url).resolve("pyodide/package.json"));
  const { version } = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as { version: string };
  const base = `/assets/pyodide-${version}/`;
  const snapshotScript = fileURLToPath(new URL("scripts/pyodide-snapshot.mjs", import.meta.url));
  const files = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
  const types: Record<string, string> = { mjs: "text/javascript", wasm: "application/wasm", zip: "application/zip" };
  let ssr = false;
  return {
    name: "koc-pyodide-assets",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    config: () => ({
      define: {
        "import.meta.env.PYODIDE_BASE": JSON.stringify(base),
        "import.meta.env.PYODIDE_SNAPSHOT": JSON.stringify(SNAPSHOT_FILE),
        // What "Save for offline" keeps of the runtime: every file the editor's worker may fetch.
        "import.meta.env.PYODIDE_FILES": JSON.stringify([...files, SNAPSHOT_FILE]),
      },
    }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = req.url?.startsWith(base) ? req.url.slice(base.length).split("?")[0] : undefined;
        if (!file || !files.includes(file)) return next();
        res.setHeader("content-type", types[file.split(".").pop() ?? ""] ?? "application/json");
        createReadStream(join(pkgDir, file)).pipe(res);
      });
    },
    writeBundle(options) {
      if (ssr) return;
      const out = join(options.dir ?? "dist", base);
      mkdirSync(out, { recursive: true });
      for (const file of files) if (existsSync(join(pkgDir, file))) copyFileSync(join(pkgDir, file), join(out, file));
      // A memory snapshot of a started interpreter (scripts/pyodide-snapshot.mjs): the worker starts
      // Python from it. Without it (a dev server, a failed snapshot) the worker starts Python cold.
      const made = spawnSync(process.execPath, [snapshotScript, join(out, SNAPSHOT_FILE)], { stdio: "inherit" });
      if (made.status !== 0) this.warn("no Pyodide snapshot: Python will start cold in the editor");
      writeSizes(out, [...files, SNAPSHOT_FILE]);
    },
  };
}

/**
 * sizes.json beside a folder's files: each file's bytes, so that "Save for offline" states what a
 * course and the Python runtime take on the device before it downloads them (lib/offline/save-course.ts).
 */
function writeSizes(dir: string, names: string[]) {
  const sizes: Record<string, number> = {};
  for (const name of names) if (existsSync(join(dir, name))) sizes[name] = statSync(join(dir, name)).size;
  writeFileSync(join(dir, "sizes.json"), `${JSON.stringify(sizes)}\n`);
}

/**
 * Lesson pictures: the content build (which runs first, in `npm run build` and `npm run dev`) writes
 * them to content/dist/assets/content/<course>/<name>.<hash>.svg; they are copied into this build's
 * assets/, which the server serves with a one-year immutable cache, and served from there in dev.
 */
function lessonPictures(): Plugin {
  const source = fileURLToPath(new URL("../../content/dist/assets/content/", import.meta.url));
  const prefix = "/assets/content/";
  return {
    name: "koc-lesson-pictures",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split("?")[0] ?? "";
        const file = path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
        if (!file || !/^[a-z0-9-]+\/[a-z0-9.-]+\.svg$/.test(file) || !existsSync(join(source, file))) return next();
        res.setHeader("content-type", "image/svg+xml");
        createReadStream(join(source, file)).pipe(res);
      });
    },
    writeBundle(options) {
      if (!existsSync(source)) {
        this.warn(`no lesson pictures at ${source}: run npm run build -w @koc/content first`);
        return;
      }
      const out = join(options.dir ?? "dist", prefix);
      cpSync(source, out, { recursive: true });
      const pictures = readdirSync(out, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".svg"));
      writeSizes(out, pictures);
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => {
  // The build is always a production build (React's production runtime), even when the shell has
  // NODE_ENV=development; Vite and the React plugin read NODE_ENV after this file is loaded.
  if (command === "build") process.env.NODE_ENV = "production";
  if (!isSsrBuild) return config;
  // `vite build --ssr src/app/prerender.tsx`: the prerender's Node bundle (scripts/prerender.mjs);
  // the shared contracts are TypeScript sources, so they are bundled rather than imported.
  return {
    ...config,
    // The prerender's bundle needs no service worker.
    plugins: config.plugins.filter((plugin) => plugin !== pwa),
    build: { outDir: ".prerender", emptyOutDir: true, sourcemap: false, copyPublicDir: false },
    ssr: { noExternal: ["@koc/shared"] },
  };
});

/**
 * React Router publishes a production build beside the development one (the same code without its
 * development warnings) but its package exports name only the development build: the app takes the
 * production one.
 */
const reactRouterProduction = fileURLToPath(new URL("../production/index.mjs", import.meta.resolve("react-router")));

/**
 * The installable app (docs/decisions/0029-offline-learning.md): the web app manifest, and a service
 * worker built by Workbox from src/sw.ts that precaches the app's shell (its HTML, scripts, styles,
 * Latin fonts and icons). Pyodide and lesson pictures are not precached: "Save for offline" stores
 * them. The page registers the worker itself once it is interactive (app/pwa.ts).
 */
const pwa = VitePWA({
  strategies: "injectManifest",
  srcDir: "src",
  filename: "sw.ts",
  injectRegister: false,
  registerType: "prompt",
  includeAssets: [],
  manifest: {
    id: "/",
    name: "Kingdom of Code",
    short_name: "Kingdom of Code",
    description: "Learn Java, Python, JavaScript and more, one quest at a time.",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    background_color: "#0f1530",
    theme_color: "#0f1530",
    icons: [
      { src: "/pwa-64x64.png", sizes: "64x64", type: "image/png" },
      { src: "/pwa-192x192.png", sizes: "192x192", type: "image/png" },
      { src: "/pwa-512x512.png", sizes: "512x512", type: "image/png" },
      { src: "/maskable-icon-512x512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  injectManifest: {
    globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}", "assets/*-latin-*.woff2"],
    // Public pages' HTML is kept when visited (src/sw.ts); Pyodide and lesson pictures when saved.
    globIgnores: ["pages/**", "assets/pyodide-*/**", "assets/content/**", "**/*-ext-*.woff2"],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

/**
 * Lucide's own modules and the icons that the home page and the app's frame (header, footer,
 * alerts, the floating mentor's button) import, read from their sources: a matcher of their files.
 */
function firstPageIcons(): (id: string) => boolean {
  const sources = [
    "src/features/home",
    "src/app",
    "src/components/alerts.tsx",
    "src/features/mentor/floating-mentor.tsx",
  ];
  const files = sources.flatMap((source) => {
    const path = fileURLToPath(new URL(source, import.meta.url));
    if (!statSync(path).isDirectory()) return [path];
    return readdirSync(path)
      .filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"))
      .map((f) => join(path, f));
  });
  const icons = new Set<string>();
  for (const file of files) {
    for (const [, names] of readFileSync(file, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"lucide-react"/g)) {
      for (const name of (names ?? "").split(",")) {
        const icon = name.trim().split(/\s+as\s+/)[0] ?? "";
        // ChevronLeft -> chevron-left.mjs, the file name of Lucide's ES build.
        if (icon) icons.add(`${icon.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase()}.mjs`);
      }
    }
  }
  return (id) => {
    const at = id.search(/node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]/);
    if (at < 0) return false;
    const file = id.slice(at).split(/[\\/]/).pop() ?? "";
    return !/[\\/]icons[\\/]/.test(id)
      ? file !== "dynamicIconImports.mjs" && file !== "DynamicIcon.mjs"
      : icons.has(file);
  };
}

const config = {
  plugins: [react(), pyodideAssets(), lessonPictures(), pwa],
  resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    // Every browser the site supports preloads modules itself (Chrome 66, Safari 17, Firefox 115).
    modulePreload: { polyfill: false },
    // Read by the prerender (which route modules and CSS each page needs), then deleted.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The first visit's JavaScript (bench/LIGHTHOUSE.md): what every page shares comes in a
          // few files rather than many small ones, which compress worse one by one.
          groups: [
            // React, React DOM and the router: every page.
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            // Lucide's helpers and the icons of the home page and the app's frame.
            { name: "icons", test: firstPageIcons(), priority: 1 },
            // The small helpers of the home page and the frame, shared with later pages.
            {
              name: "shell",
              test: /src[\\/]lib[\\/](hydration|paths|storage|storage-keys|low-data)\.ts$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
};
