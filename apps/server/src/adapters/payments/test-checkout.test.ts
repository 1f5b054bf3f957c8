import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ensureTestCheckoutSecret } from "./test-checkout.js";

describe("the test checkout's signing secret", () => {
  it("is generated on the first start, kept owner-readable in DATA_DIR, and the same on every later start", () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "koc-pay-secret-")), "data");
    const first = ensureTestCheckoutSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, "payment-test-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(ensureTestCheckoutSecret(dataDir)).toBe(first);
    // Another data directory (another install) gets its own secret.
    expect(ensureTestCheckoutSecret(join(mkdtempSync(join(tmpdir(), "koc-pay-secret-")), "data"))).not.toBe(first);
  });

  it("replaces a file too short to be a secret", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "koc-pay-secret-"));
    writeFileSync(join(dataDir, "payment-test-secret"), "short\n");
    const secret = ensureTestCheckoutSecret(dataDir);
    expect(secret).not.toBe("short");
    expect(secret.length).toBeGreaterThanOrEqual(32);
  });
});
