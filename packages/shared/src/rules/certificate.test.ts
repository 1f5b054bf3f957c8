import { describe, expect, it } from "vitest";
import { certificateFileName, certificateName, newVerificationCode, verificationCodePattern } from "./certificate.js";

describe("certificate rules", () => {
  it("falls back to Student when the user has no name", () => {
    expect(certificateName(undefined)).toBe("Student");
    expect(certificateName("  ")).toBe("Student");
    expect(certificateName("Ada")).toBe("Ada");
  });

  it("builds the file name with whitespace turned to underscores", () => {
    expect(certificateFileName("Java Programming", "Ada  Lovelace")).toBe(
      "Java_Programming_Certificate_Ada_Lovelace.pdf",
    );
    expect(certificateFileName("Data Structures and Algorithms", null)).toBe(
      "Data_Structures_and_Algorithms_Certificate_Student.pdf",
    );
  });

  it("makes codes of a fixed prefix, a timestamp and 9 random uppercase characters", () => {
    const code = newVerificationCode(1_732_000_000_000);
    expect(code).toMatch(/^KOC-1732000000000-[A-Z0-9]{9}$/);
    expect(code).toMatch(verificationCodePattern);
    const many = new Set(Array.from({ length: 200 }, () => newVerificationCode(1)));
    expect(many.size).toBe(200);
  });
});
