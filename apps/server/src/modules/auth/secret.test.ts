import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureJwtSecret } from "./secret.js";

describe("JWT secret kept in DATA_DIR", () => {
  const dir = mkdtempSync(join(tmpdir(), "koc-secret-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is generated once, readable by the owner only, and reused on the next start", () => {
    const first = ensureJwtSecret(join(dir, "data"));
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dir, "data", "jwt-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(ensureJwtSecret(join(dir, "data"))).toBe(first);
  });
});
