import { describe, expect, it } from "vitest";
import { newReferralCode, normaliseReferralCode } from "./code.js";

// Written out here, not imported, so a look-alike slipping into the shared alphabet fails this test.
const WITHOUT_LOOK_ALIKES = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

describe("referral codes", () => {
  it("are 8 characters without look-alikes (no 0/O, 1/I/L), every allowed character in use", () => {
    const codes = Array.from({ length: 2000 }, () => newReferralCode());
    const seen = new Set<string>();
    for (const code of codes) {
      expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
      expect(code).not.toMatch(/[0O1IL]/);
      for (const c of code) seen.add(c);
    }
    expect([...seen].sort().join("")).toBe([...WITHOUT_LOOK_ALIKES].sort().join(""));
    // 31^8 possible codes: 2000 draws colliding would mean the generator is not random.
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("are compared trimmed and upper-case", () => {
    expect(normaliseReferralCode("  knght234 ")).toBe("KNGHT234");
  });
});
