import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * apps/server, found by walking up from this module. The same code runs from src/ (tests, dev)
 * and from the bundled dist/main.js, at different depths.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, "drizzle")) && existsSync(join(dir, "package.json"))) return dir;
    dir = dirname(dir);
  }
  throw new Error("cannot find apps/server (the folder holding drizzle/)");
}

export const serverRoot = findServerRoot();
export const repoRoot = resolve(serverRoot, "..", "..");
export const migrationsDir = join(serverRoot, "drizzle");
/** The Noto Sans fonts a certificate sets the learner's name in (OFL 1.1, licence texts beside them). */
export const notoFontsDir = join(serverRoot, "fonts", "noto");
export const webDistDir = join(repoRoot, "apps", "web", "dist");
export const contentCoursesDir = join(repoRoot, "content", "courses");
export const catalogueFile = join(repoRoot, "content", "dist", "catalogue.json");
