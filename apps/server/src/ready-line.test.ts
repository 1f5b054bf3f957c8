import { describe, expect, it } from "vitest";
import { loadConfig, testCheckoutOn } from "./config.js";
import { readyLine } from "./ready-line.js";

const local = { engine: "local" as const };

describe("a start that is safe to expose", () => {
  it("listens on loopback unless HOST is set, and the ready line says how to listen everywhere", () => {
    const config = loadConfig({});
    expect(config.HOST).toBe("127.0.0.1");
    const line = readyLine(config, "pglite", local);
    expect(line).toContain("ready on http://127.0.0.1:3000");
    expect(line).toContain("to listen on every interface, set HOST=0.0.0.0");
    expect(readyLine(loadConfig({ HOST: "0.0.0.0" }), "pglite", local)).not.toContain("HOST=0.0.0.0");
  });

  it("has the test checkout on only on loopback or with TEST_CHECKOUT=1, and the ready line says which", () => {
    expect(testCheckoutOn(loadConfig({}))).toBe(true);
    expect(testCheckoutOn(loadConfig({ HOST: "::1" }))).toBe(true);
    expect(testCheckoutOn(loadConfig({ HOST: "0.0.0.0" }))).toBe(false);
    expect(testCheckoutOn(loadConfig({ HOST: "192.168.1.20" }))).toBe(false);
    expect(testCheckoutOn(loadConfig({ HOST: "0.0.0.0", TEST_CHECKOUT: "1" }))).toBe(true);
    expect(testCheckoutOn(loadConfig({ TEST_CHECKOUT: "0" }))).toBe(false);
    expect(testCheckoutOn(loadConfig({ RAZORPAY_KEY_ID: "k", RAZORPAY_KEY_SECRET: "s" }))).toBe(false);
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        TEST_CHECKOUT: "1",
        JWT_SECRET: "x".repeat(40),
        PUBLIC_ORIGIN: "https://kingdom.example",
      }),
    ).toThrow(/TEST_CHECKOUT/);
    expect(readyLine(loadConfig({}), "pglite", local)).toContain("payments: test checkout");
    expect(readyLine(loadConfig({ HOST: "0.0.0.0" }), "pglite", local)).toContain("payments: not configured");
  });
});
