import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The JWT secret when JWT_SECRET is not set: generated on the first start and kept in
 * DATA_DIR/jwt-secret (readable by the owner only), so logins survive a restart.
 */
export function ensureJwtSecret(dataDir: string): string {
  const file = join(resolve(dataDir), "jwt-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  mkdirSync(resolve(dataDir), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
