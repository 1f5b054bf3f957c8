import { spawn } from "node:child_process";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { claimSecretFile, ensureSecretFile, secureDataDir } from "./data-dir.js";

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

describe("secrets kept in DATA_DIR", () => {
  const root = mkdtempSync(join(tmpdir(), "koc-secretfile-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("keeps the first secret written: a second claim gets the first, not its own", () => {
    const file = join(root, "claimed");
    const first = "a".repeat(40);
    expect(claimSecretFile(file, first)).toBe(first);
    expect(claimSecretFile(file, "b".repeat(40))).toBe(first);
    expect(readFileSync(file, "utf8")).toBe(`${first}\n`);
    expect(mode(file)).toBe(0o600);
    expect(readdirSync(root)).toEqual(["claimed"]);
  });

  it("replaces a file too short to be a secret", () => {
    const file = join(root, "short");
    writeFileSync(file, "short\n");
    expect(claimSecretFile(file, "c".repeat(40))).toBe("c".repeat(40));
  });

  it("gives processes started together on one DATA_DIR the same secret", { timeout: 60_000 }, async () => {
    const dataDir = join(root, "shared");
    const module = pathToFileURL(join(import.meta.dirname, "data-dir.ts")).href;
    // Each process waits for the same moment, then creates the secret: the instances of one
    // deployment starting at once. Before the secret was claimed atomically, they could each keep
    // their own, and one instance refused what another had signed.
    const at = Date.now() + 4_000;
    const script = `const { ensureSecretFile } = await import(${JSON.stringify(module)});
      while (Date.now() < ${at}) {}
      process.stdout.write(ensureSecretFile(${JSON.stringify(dataDir)}, "together", 32));`;
    const secrets = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          new Promise<string>((resolve, reject) => {
            const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
              stdio: ["ignore", "pipe", "inherit"],
            });
            let out = "";
            child.stdout.on("data", (d) => {
              out += String(d);
            });
            child.on("error", reject);
            child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`exited with ${code}`))));
          }),
      ),
    );
    expect(secrets[0]?.length).toBeGreaterThanOrEqual(32);
    expect(new Set(secrets)).toEqual(new Set([secrets[0]]));
    expect(ensureSecretFile(dataDir, "together", 32)).toBe(secrets[0]);
    expect(readdirSync(dataDir)).toEqual(["together"]);
  });
});
