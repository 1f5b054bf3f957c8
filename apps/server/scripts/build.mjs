// Bundles the server (and the workspace packages it imports) into dist/main.js.
// Third-party packages stay external and load from node_modules.
import { build } from "esbuild";

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
