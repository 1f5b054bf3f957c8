/**
 * The boundaries of the code base, checked in `npm run lint` (scripts/check-boundaries.mjs runs the
 * cruiser; scripts/check-boundaries.test.ts proves every rule fails on a violation).
 * Why these boundaries: docs/decisions/0023-boundaries-the-linter-keeps.md.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "feature-imports-feature",
      comment:
        "A web feature never imports another feature: compose features in apps/web/src/app (a page wrapper in app/pages passing slots, lib/slots.tsx).",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "feature-imports-app",
      comment: "A web feature never imports app/: the app shell composes features, not the other way round.",
      severity: "error",
      from: { path: "^apps/web/src/features/" },
      to: { path: "^apps/web/src/app/" },
    },
    {
      name: "component-imports-feature",
      comment: "apps/web/src/components holds pieces any page may use: it never imports a feature.",
      severity: "error",
      from: { path: "^apps/web/src/components/" },
      to: { path: "^apps/web/src/features/" },
    },
    {
      name: "lib-imports-feature-or-app",
      comment: "apps/web/src/lib sits below features and the app shell: it never imports them.",
      severity: "error",
      from: { path: "^apps/web/src/lib/" },
      to: { path: "^apps/web/src/(features|app)/" },
    },
    {
      name: "shared-imports-ours",
      comment: "packages/shared is the contract of server and web: it imports nothing of ours outside itself.",
      severity: "error",
      from: { path: "^packages/shared/" },
      to: { path: "^(apps|content|e2e|bench|scripts|packages)/", pathNot: "^packages/shared/" },
    },
    {
      name: "adapter-imports-module",
      comment: "A server adapter (mail, payments, code runner...) talks to the outside world and knows no module.",
      severity: "error",
      from: { path: "^apps/server/src/adapters/" },
      to: { path: "^apps/server/src/modules/" },
    },
    {
      name: "web-imports-server",
      comment: "The browser imports nothing from the server; what both need lives in packages/shared.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^apps/server/" },
    },
    {
      name: "no-circular",
      comment: "No import cycles: a cycle makes load order matter and hides which module owns what.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // TypeScript 7 ships no JavaScript compiler API for the cruiser to parse with (it supports
    // typescript below 7), and its swc parser does not read JSX; Babel strips the types and the JSX.
    // So a type-only import is not seen here: `npm run typecheck` and review keep those.
    babelConfig: { fileName: ".dependency-cruiser.babel.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|test-results|playwright-report)/" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
      mainFields: ["module", "main", "types"],
    },
  },
};
