import { describe, expect, it, vi } from "vitest";

describe("password hashes", () => {
  it("are argon2id at OWASP's cost in a fresh process, and the test setup's lower cost still verifies", async () => {
    // This file's process had its cost lowered by test/setup.ts; a fresh copy of the module is what
    // the server loads.
    vi.resetModules();
    const server = await import("./passwords.js");
    const hash = await server.hashPassword("correct horse battery");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await server.verifyPassword(hash, "correct horse battery")).toBe(true);
    expect(await server.verifyPassword(hash, "correct horse battery ")).toBe(false);

    server.setPasswordCost("test");
    const cheap = await server.hashPassword("correct horse battery");
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,p=1,t=1\$/);
    // A hash carries its own cost: one made at either cost verifies whatever the current setting.
    server.setPasswordCost("owasp");
    expect(await server.verifyPassword(cheap, "correct horse battery")).toBe(true);
    expect(await server.verifyPassword(cheap, "Correct horse battery")).toBe(false);
    expect(await server.burnPasswordCheck("anything")).toBe(false);
  });
});
