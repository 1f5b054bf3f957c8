import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";

/** Owner-only modes for DATA_DIR (password hashes, the JWT secret, mailed links live there). */
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/**
 * Makes DATA_DIR private: created 0700 when missing, and every folder already in it set to 0700 and
 * every file to 0600 (data written by an older version with the default umask). Symbolic links are
 * left alone, as is anything owned by another user (which we could not change anyway).
 * Returns how many entries were tightened.
 */
export function secureDataDir(dir: string): number {
  const root = resolve(dir);
  mkdirSync(root, { recursive: true, mode: DATA_DIR_MODE });
  const uid = process.getuid?.();
  let changed = 0;
  const stack = [root];
  while (stack.length > 0) {
    const path = stack.pop() as string;
    const st = lstatSync(path);
    if (st.isSymbolicLink() || (uid !== undefined && st.uid !== uid)) continue;
    const want = st.isDirectory() ? DATA_DIR_MODE : DATA_FILE_MODE;
    if ((st.mode & 0o777) !== want) {
      chmodSync(path, want);
      changed += 1;
    }
    if (st.isDirectory()) for (const name of readdirSync(path)) stack.push(join(path, name));
  }
  return changed;
}
