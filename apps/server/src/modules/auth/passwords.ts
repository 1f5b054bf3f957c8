import argon2 from "argon2";

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB of memory, 2 iterations, 1 degree of parallelism. */
const OWASP_ARGON2ID = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, OWASP_ARGON2ID);

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
