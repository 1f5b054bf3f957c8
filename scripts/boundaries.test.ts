import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type IConfiguration, type ICruiseResult } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";

/** The rule set `npm run lint` checks the repository with. */
const config = createRequire(import.meta.url)("../.dependency-cruiser.cjs") as IConfiguration;

/** A repository in miniature: each file with the imports it makes (plain JavaScript, so no transpiler). */
const files: Record<string, string[]> = {
  // allowed: a feature imports itself, lib and components; the app shell composes features
  "apps/web/src/features/account/page.js": ["./own.js", "../../lib/util.js", "../../components/card.js"],
  "apps/web/src/features/account/own.js": [],
  "apps/web/src/components/card.js": ["../lib/util.js"],
  "apps/web/src/app/pages/account.js": ["../../features/account/page.js", "../../features/payments/invoices.js"],
  "apps/web/src/lib/util.js": [],
  "packages/shared/src/index.js": ["./rules.js"],
  "packages/shared/src/rules.js": [],
  "apps/server/src/modules/auth/routes.js": [
    "./service.js",
    "../../adapters/mail/send.js",
    "../../../../../packages/shared/src/index.js",
  ],
  "apps/server/src/modules/auth/service.js": [],
  "apps/server/src/adapters/mail/send.js": [],
  // each of these breaks exactly one rule
  "apps/web/src/features/dashboard/page.js": ["../payments/invoices.js"],
  "apps/web/src/features/payments/invoices.js": [],
  "apps/web/src/features/course/page.js": ["../../app/head.js"],
  "apps/web/src/app/head.js": [],
  "apps/web/src/components/editor.js": ["../features/course/page.js"],
  "apps/web/src/lib/slots.js": ["../app/head.js"],
  "packages/shared/src/leak.js": ["../../../apps/web/src/lib/util.js"],
  "apps/server/src/adapters/payments/razorpay.js": ["../../modules/auth/service.js"],
  "apps/web/src/lib/grades.js": ["../../../server/src/modules/auth/service.js"],
  "apps/server/src/modules/run/a.js": ["./b.js"],
  "apps/server/src/modules/run/b.js": ["./a.js"],
};

const root = mkdtempSync(join(tmpdir(), "koc-boundaries-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

for (const [file, imports] of Object.entries(files)) {
  mkdirSync(join(root, dirname(file)), { recursive: true });
  writeFileSync(join(root, file), `${imports.map((i) => `import "${i}";`).join("\n")}\nexport {};\n`);
}

async function violations(): Promise<string[]> {
  const { babelConfig: _babel, ...options } = config.options ?? {};
  const { output } = await cruise(["apps", "packages"], {
    ...options,
    ruleSet: { forbidden: config.forbidden ?? [] },
    validate: true,
    baseDir: root,
  });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe("the dependency rules", () => {
  it("refuse every kind of crossing once, and nothing that composes in the app shell", async () => {
    expect(await violations()).toEqual(
      [
        "adapter-imports-module: apps/server/src/adapters/payments/razorpay.js -> apps/server/src/modules/auth/service.js",
        "component-imports-feature: apps/web/src/components/editor.js -> apps/web/src/features/course/page.js",
        "feature-imports-app: apps/web/src/features/course/page.js -> apps/web/src/app/head.js",
        "feature-imports-feature: apps/web/src/features/dashboard/page.js -> apps/web/src/features/payments/invoices.js",
        "lib-imports-feature-or-app: apps/web/src/lib/slots.js -> apps/web/src/app/head.js",
        "no-circular: apps/server/src/modules/run/a.js -> apps/server/src/modules/run/b.js",
        "shared-imports-ours: packages/shared/src/leak.js -> apps/web/src/lib/util.js",
        "web-imports-server: apps/web/src/lib/grades.js -> apps/server/src/modules/auth/service.js",
      ].sort(),
    );
  });
});
