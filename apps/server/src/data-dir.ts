import { randomBytes } from "node:crypto";
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
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

/** A secret shorter than this is not one (an empty or cut-short file): it is replaced. */
const MIN_SECRET_LENGTH = 32;

/** The secret a file holds; "missing" when there is no file, "invalid" when it holds no secret. */
const readSecret = (file: string): string | "missing" | "invalid" => {
  try {
    const text = readFileSync(file, "utf8").trim();
    return text.length >= MIN_SECRET_LENGTH ? text : "invalid";
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw err;
  }
};

const isSecret = (found: string): boolean => found !== "missing" && found !== "invalid";

/**
 * Moves a file that holds no secret out of the way. It is renamed first and looked at once it is
 * ours: if another process put a real secret there in the meantime, that secret goes back. (Only
 * when a third process claims the empty place in that instant can two secrets be handed out, and
 * only on a DATA_DIR that already held a broken file.)
 */
function discardInvalid(file: string): void {
  const aside = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.old`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return; // someone else moved it
    throw err;
  }
  try {
    if (isSecret(readSecret(aside))) linkSync(aside, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    unlinkSync(aside);
  }
}

/**
 * Puts `candidate` into `file` unless the file already holds a secret, and returns the secret the
 * file holds afterwards. The file appears at once and whole: written aside (0600), then hard-linked
 * into place, which fails when another process got there first; so processes started together on
 * one DATA_DIR all return the same secret. Only a file that holds no secret (empty, cut short) is
 * ever moved away, never one that does.
 */
export function claimSecretFile(file: string, candidate: string): string {
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = readSecret(file);
    if (isSecret(found)) return found;
    if (found === "invalid") {
      discardInvalid(file);
      continue;
    }
    const aside = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.new`;
    writeFileSync(aside, `${candidate}\n`, { mode: DATA_FILE_MODE, flag: "wx" });
    try {
      linkSync(aside, file);
      return candidate;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      // Another process created it meanwhile: read theirs.
    } finally {
      unlinkSync(aside);
    }
  }
  const settled = readSecret(file);
  if (!isSecret(settled)) throw new Error(`${file}: could not create a secret`);
  return settled;
}

/**
 * A secret generated on the first start and kept in DATA_DIR/`name` (owner-readable only), so what
 * it signs survives a restart; the same for every instance sharing the folder (claimSecretFile).
 */
export function ensureSecretFile(dataDir: string, name: string, bytes: number): string {
  const root = resolve(dataDir);
  mkdirSync(root, { recursive: true, mode: DATA_DIR_MODE });
  return claimSecretFile(join(root, name), randomBytes(bytes).toString("base64url"));
}
