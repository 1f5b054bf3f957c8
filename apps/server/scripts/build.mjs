// Bundles the server (and the workspace packages it imports) into dist/main.js.
// Third-party packages stay external and load from node_modules.
// Then writes .br and .gz beside the web build's assets (the root build runs the web build first).
import { copyFileSync } from "node:fs";
import { build } from "esbuild";
import { tsImport } from "tsx/esm/api";

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "info",
  plugins: [
    {
      name: "external-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@koc/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// The SQL worker process is plain JavaScript started by path: it sits beside main.js (decision 0030).
copyFileSync("src/adapters/sql-runner/sql-worker.mjs", "dist/sql-worker.mjs");
// So is the sandbox launcher, a child process (decision 0034).
copyFileSync("src/adapters/code-runner/sandbox-launcher.mjs", "dist/sandbox-launcher.mjs");

const { webDistDir } = await tsImport("../src/paths.ts", import.meta.url);
const { precompressAssets } = await tsImport("../src/plugins/precompress.ts", import.meta.url);
const started = Date.now();
const done = await precompressAssets(webDistDir);
console.log(
  `precompressed ${done.files} web assets (${(done.bytes / 1048576).toFixed(1)} MiB; brotli ${(done.br / 1048576).toFixed(1)} MiB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
