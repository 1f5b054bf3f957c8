/** Certificate rules: the verification code, the name printed and the PDF's file name. */
export const CERTIFICATE_CODE_PREFIX = "KOC";
const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export const certificateName = (name: string | null | undefined): string => name?.trim() || "Student";

/** Course title and user name with whitespace turned to underscores: Java_Programming_Certificate_Ada_Lovelace.pdf */
export function certificateFileName(courseTitle: string, userName: string | null | undefined): string {
  const under = (s: string) => s.trim().replace(/\s+/g, "_");
  return `${under(courseTitle)}_Certificate_${under(certificateName(userName))}.pdf`;
}

/** Verification code: fixed prefix, a timestamp and 9 random uppercase characters. */
export function newVerificationCode(now: number = Date.now()): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  const random = Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
  return `${CERTIFICATE_CODE_PREFIX}-${now}-${random}`;
}

export const verificationCodePattern = /^KOC-\d{10,16}-[A-Z0-9]{9}$/;
