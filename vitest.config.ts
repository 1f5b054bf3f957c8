import { defineConfig } from "vitest/config";

const setupFiles = ["./vitest.setup.ts"];

export default defineConfig({
  test: {
    reporters: process.env.CI ? ["verbose"] : ["default"],
    projects: [
      { test: { name: "shared", include: ["packages/shared/src/**/*.test.ts"], setupFiles } },
      {
        test: {
          name: "content",
          include: ["content/src/**/*.test.ts"],
          setupFiles,
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
          fileParallelism: false,
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
