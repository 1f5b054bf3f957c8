/**
 * Vitest global setup of the content project: the catalogue is loaded from the Markdown once per run
 * and handed to the test files as JSON (testCatalogue()), instead of every file parsing every lesson
 * again at import (about 2.5 s each). content.test.ts still loads it itself and checks its problems.
 * The server project's global setup shares the file through KOC_TEST_CATALOGUE_JSON (the setups run
 * one after the other in one process): whichever runs first parses the Markdown.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { loadCatalogue } from "./load.js";
import { coursesDir } from "./paths.js";

export default function setup(project: TestProject) {
  const shared = process.env.KOC_TEST_CATALOGUE_JSON;
  if (shared && existsSync(shared)) {
    project.provide("contentCatalogue", shared);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "koc-content-"));
  const file = join(dir, "catalogue.json");
  writeFileSync(file, JSON.stringify(loadCatalogue(coursesDir).catalogue));
  project.provide("contentCatalogue", file);
  process.env.KOC_TEST_CATALOGUE_JSON = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
