import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const setupFiles = ["./vitest.setup.ts"];

export default defineConfig({
  test: {
    reporters: process.env.CI ? ["verbose"] : ["default"],
    // Test files run side by side, at least two at a time: much of a file's time is spent waiting
    // on child processes (the JVM, the server under test) or PostgreSQL, so even two cores keep busy.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: "shared", include: ["packages/shared/src/**/*.test.ts"], setupFiles } },
      { test: { name: "scripts", include: ["scripts/**/*.test.ts"], setupFiles } },
      {
        test: {
          name: "content",
          include: ["content/src/**/*.test.ts"],
          setupFiles,
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
          setupFiles,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Migrates and seeds each engine once; every file starts from a copy (docs/decisions/0025-test-database-snapshots.md).
          globalSetup: ["./apps/server/test/global-setup.ts"],
        },
      },
      {
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: [...setupFiles, "./apps/web/src/test-setup.ts"],
        },
      },
    ],
  },
});
