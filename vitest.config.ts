import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

const setupFiles = ["./vitest.setup.ts"];

/**
 * A larger young generation for the test workers: PGlite, the catalogue's JSON and the server's
 * responses allocate much short-lived memory, and with V8's default each worker spent about a tenth
 * of its time collecting it. Measured on ten server files: 3% less CPU.
 */
const execArgv = ["--max-semi-space-size=64"];

/**
 * The web test files share their worker's modules (isolate: false; test-setup.ts unmounts and clears
 * what each leaves behind), which took the project from 41 s to 12 s here. This one replaces a
 * module with vi.mock, which needs a module registry of its own.
 */
const webIsolated = ["apps/web/src/features/course/python-preload.test.tsx"];
const webProject = {
  environment: "jsdom",
  execArgv,
  // Highlighting loads each language's grammar on first use: a cold import on a loaded machine.
  testTimeout: 15_000,
  setupFiles: [...setupFiles, "./apps/web/src/test-setup.ts"],
} as const;

export default defineConfig({
  test: {
    reporters: process.env.CI ? ["verbose"] : ["default"],
    // Test files run side by side, one more at a time than there are cores: much of a file's time
    // is spent waiting (on a JVM, the server under test, PostgreSQL, a time limit running out), and
    // with one file per core the machine still stood idle 7.6% of the time. On two cores here, three
    // at a time took the warm suite from 459 s to 424 s (idle 1.5%), and a clean clone's from 561 s
    // to 489 s; four took 432 s, only queueing for CPU.
    maxWorkers: availableParallelism() + 1,
    projects: [
      { test: { name: "shared", include: ["packages/shared/src/**/*.test.ts"], setupFiles, execArgv } },
      { test: { name: "scripts", include: ["scripts/**/*.test.ts"], setupFiles, execArgv } },
      {
        test: {
          name: "content",
          include: ["content/src/**/*.test.ts"],
          setupFiles,
          execArgv,
          // Loads the catalogue from the Markdown once; the test files read it (testCatalogue()).
          globalSetup: ["./content/src/test-catalogue-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          setupFiles: [...setupFiles, "./apps/server/test/setup.ts"],
          execArgv,
          // The files of a worker share its modules, as the web project's do: the server's modules
          // are imported once per worker instead of once per file (the project took 340 s instead
          // of 381 here, and 560 CPU-s instead of 650). Each file still gets its own databases and
          // app (test/harness.ts); test/setup.ts puts back what a file may leave behind.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Migrates and seeds each engine once; every file starts from a copy (docs/decisions/0025-test-database-snapshots.md).
          globalSetup: ["./apps/server/test/global-setup.ts"],
        },
      },
      {
        test: {
          ...webProject,
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, ...webIsolated],
          isolate: false,
        },
      },
      { test: { ...webProject, name: "web-isolated", include: webIsolated } },
    ],
  },
});
