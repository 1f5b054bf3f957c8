/** Validates the catalogue and writes dist/catalogue.json for the server's seed. Fails on any problem. */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { catalogueFile, coursesDir, loadCatalogue, validateCatalogue } from "../src/index.js";

const { catalogue, problems } = loadCatalogue(coursesDir);
problems.push(...validateCatalogue(catalogue));
if (problems.length > 0) {
  console.error(`content: ${problems.length} problem(s):\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
mkdirSync(dirname(catalogueFile), { recursive: true });
// quizExpect serves only the content tests (code questions); the server never sees it.
writeFileSync(
  catalogueFile,
  JSON.stringify(catalogue, (key, value) => (key === "quizExpect" ? undefined : value)),
);
const lessons = catalogue.courses.reduce((n, c) => n + c.lessons.length, 0);
const trials = catalogue.courses.reduce((n, c) => n + (c.exercises?.length ?? 0), 0);
console.log(`content: ${catalogue.courses.length} courses, ${lessons} lessons, ${trials} trials -> ${catalogueFile}`);
