import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { secureDataDir } from "./data-dir.js";

const mode = (p: string) => statSync(p).mode & 0o777;

describe("secureDataDir", () => {
  const root = mkdtempSync(join(tmpdir(), "koc-datadir-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("creates DATA_DIR 0700", () => {
    const dir = join(root, "fresh", "data");
    secureDataDir(dir);
    expect(mode(dir)).toBe(0o700);
  });

  it("tightens folders to 0700 and files to 0600, leaving what symbolic links point at alone", () => {
    const dir = join(root, "old");
    mkdirSync(join(dir, "pglite", "base"), { recursive: true });
    writeFileSync(join(dir, "jwt-secret"), "s");
    writeFileSync(join(dir, "pglite", "base", "1234"), "x");
    const outside = join(root, "outside.txt");
    writeFileSync(outside, "not ours to change");
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(dir, "link"));
    for (const p of [dir, join(dir, "pglite"), join(dir, "pglite", "base")]) chmodSync(p, 0o755);
    for (const p of [join(dir, "jwt-secret"), join(dir, "pglite", "base", "1234")]) chmodSync(p, 0o666);

    expect(secureDataDir(dir)).toBe(5);
    for (const p of [dir, join(dir, "pglite"), join(dir, "pglite", "base")]) expect(mode(p)).toBe(0o700);
    for (const p of [join(dir, "jwt-secret"), join(dir, "pglite", "base", "1234")]) expect(mode(p)).toBe(0o600);
    expect(mode(outside)).toBe(0o644);
    expect(secureDataDir(dir)).toBe(0);
  });
});
