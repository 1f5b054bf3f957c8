// Writes a memory snapshot of a freshly started Pyodide (its interpreter initialised, the standard
// library's start-up modules imported) to the path given, for the editor's Python worker: started
// from it, Python is ready in well under a second instead of the seconds a cold start takes.
// Run by vite.config.ts (pyodideAssets) at build time with the same Pyodide files the app serves.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";

const out = process.argv[2];
if (!out) throw new Error("usage: node pyodide-snapshot.mjs <output file>");
const pkgDir = dirname(createRequire(import.meta.url).resolve("pyodide/package.json"));
const { loadPyodide } = await import(pathToFileURL(`${pkgDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pkgDir}/`, _makeSnapshot: true });
writeFileSync(out, pyodide.makeMemorySnapshot());
