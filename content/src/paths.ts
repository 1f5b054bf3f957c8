import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** content/ itself, found from this file so it works from any working directory. */
export const contentRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
export const coursesDir = join(contentRoot, "courses");
export const contentDistDir = join(contentRoot, "dist");
export const catalogueFile = join(contentDistDir, "catalogue.json");
