import argon2 from "argon2";

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB of memory, 2 iterations, 1 degree of parallelism. */
const OWASP_ARGON2ID = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** argon2id at its smallest cost: a test run's thousand hashes take milliseconds instead of half a minute of CPU. */
const TEST_ARGON2ID = { type: argon2.argon2id, memoryCost: 64, timeCost: 1, parallelism: 1 } as const;

let newHashCost: typeof OWASP_ARGON2ID | typeof TEST_ARGON2ID = OWASP_ARGON2ID;

/**
 * The cost of new hashes. The server always hashes at OWASP's cost: nothing in its configuration
 * reaches this. The server project's test setup (test/setup.ts) lowers it in each test file's own
 * process; a hash records its cost, so verifying needs no setting.
 */
export function setPasswordCost(cost: "owasp" | "test"): void {
  newHashCost = cost === "owasp" ? OWASP_ARGON2ID : TEST_ARGON2ID;
}

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, newHashCost);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Verified against when the email is unknown, so a wrong email costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword("not-a-real-password-just-for-timing");
  return dummyHash.then((hash) => verifyPassword(hash, password));
}
