/**
 * Validates the catalogue and writes dist/catalogue.json for the server's seed, and the lesson
 * pictures under dist/assets/content/<course>/<name>.<hash>.svg for the web build to copy into its
 * own assets/ (see apps/web/vite.config.ts). Fails on any problem.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  catalogueFile,
  contentDistDir,
  courseImages,
  coursesDir,
  loadCatalogue,
  validateCatalogue,
} from "../src/index.js";

const { catalogue, problems } = loadCatalogue(coursesDir);
problems.push(...validateCatalogue(catalogue));
if (problems.length > 0) {
  console.error(`content: ${problems.length} problem(s):\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
mkdirSync(dirname(catalogueFile), { recursive: true });
// quizExpect serves only the content tests (code questions), bodyLine only the validator's
// messages; the server never sees them.
writeFileSync(
  catalogueFile,
  JSON.stringify(catalogue, (key, value) => (key === "quizExpect" || key === "bodyLine" ? undefined : value)),
);
const assets = join(contentDistDir, "assets");
rmSync(assets, { recursive: true, force: true });
const images = catalogue.courses.flatMap((c) => courseImages(c.id, join(coursesDir, c.id)));
for (const img of images) {
  const target = join(contentDistDir, img.url);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(img.file, target);
}
const lessons = catalogue.courses.reduce((n, c) => n + c.lessons.length, 0);
const trials = catalogue.courses.reduce((n, c) => n + (c.exercises?.length ?? 0), 0);
console.log(
  `content: ${catalogue.courses.length} courses, ${lessons} lessons, ${trials} trials -> ${catalogueFile}; ${images.length} pictures -> ${assets}`,
);
