import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** The held-out questions guide nothing: no code or test under apps/ or packages/ may read them. */
const root = join(import.meta.dirname, "../../../../../..");
const NAME = ["mentor", "held", "out"].join("-");

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (["node_modules", "dist", "build", ".turbo", "coverage"].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|js|mjs|cjs|json|txt)$/.test(entry.name)) yield path;
  }
}

describe("held-out mentor questions", () => {
  it("exist in bench/ and are named by no file under apps/ or packages/", () => {
    expect(readFileSync(join(root, "bench", `${NAME}.txt`), "utf8").split("\n").length).toBeGreaterThan(100);
    const readers = ["apps", "packages"].flatMap((top) =>
      [...files(join(root, top))].filter((f) => readFileSync(f, "utf8").includes(NAME)),
    );
    expect(readers).toEqual([]);
  });
});
