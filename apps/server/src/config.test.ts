import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

describe("config", () => {
  it("has working defaults for npm start", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: "./data", NODE_ENV: "development" });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("reads overrides and treats empty strings as unset", () => {
    const config = loadConfig({ PORT: "4010", DATA_DIR: "/tmp/x", DATABASE_URL: "" });
    expect(config.PORT).toBe(4010);
    expect(config.DATA_DIR).toBe("/tmp/x");
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("stops with a message naming the wrong variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("gives the sandbox's run slots nobody's uid unless an instance sharing the host takes another reserved base", () => {
    expect(loadConfig({}).RUNNER_UID_BASE).toBe(65534);
    expect(loadConfig({ RUNNER_UID_BASE: "65526" }).RUNNER_UID_BASE).toBe(65526);
    for (const wrong of ["0", "1000", "64999", "65535", "65526.5", "nobody"]) {
      expect(() => loadConfig({ RUNNER_UID_BASE: wrong }), wrong).toThrow(/RUNNER_UID_BASE/);
    }
  });
});
