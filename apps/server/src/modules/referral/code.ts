import { randomInt } from "node:crypto";
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from "@koc/shared";

/**
 * A fresh referral code: 8 characters from a 31-letter alphabet without look-alikes, each drawn
 * uniformly by the crypto RNG (31^8, about 8.5e11 codes, so they cannot be enumerated).
 */
export function newReferralCode(): string {
  let code = "";
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++)
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/** How codes are stored and compared: trimmed and upper-case. */
export const normaliseReferralCode = (code: string) => code.trim().toUpperCase();
