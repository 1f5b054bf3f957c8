// Bundles the server (and the workspace packages it imports) into dist/main.js.
// Third-party packages stay external and load from node_modules.
// Then writes .br and .gz beside the web build's assets (the root build runs the web build first).
import { copyFileSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import { tsImport } from "tsx/esm/api";

const { metafile } = await build({
  metafile: true,
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
// So is the sandbox launcher, a child process (decision 0034).
const copied = ["src/adapters/sql-runner/sql-worker.mjs", "src/adapters/code-runner/sandbox-launcher.mjs"];
for (const file of copied) copyFileSync(file, `dist/${file.split("/").pop()}`);
// Every file the build read, so a test can tell whether dist/ is older than the code (test/process.ts).
writeFileSync("dist/inputs.json", `${JSON.stringify([...Object.keys(metafile.inputs), ...copied], null, 1)}\n`);

const { webDistDir } = await tsImport("../src/paths.ts", import.meta.url);
const { precompressAssets } = await tsImport("../src/plugins/precompress.ts", import.meta.url);
const started = Date.now();
const done = await precompressAssets(webDistDir);
console.log(
  `precompressed ${done.files} web assets (${(done.bytes / 1048576).toFixed(1)} MiB; brotli ${(done.br / 1048576).toFixed(1)} MiB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
