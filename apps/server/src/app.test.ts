import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engines } from "../test/harness.js";

describe.each(engines)("HTTP behaviour on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), "koc-web-"));
    mkdirSync(join(webDir, "assets"));
    writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Kingdom of Code</title><div id=root></div>");
    writeFileSync(join(webDir, "assets", "index-AbC123.js"), `console.log(${JSON.stringify("x".repeat(4000))});`);
    t = await createTestApp(engine, { seed: false, webDistDir: webDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nothing/here" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Route GET /api/nothing/here not found" });
  });

  it("answers a body that is not JSON with a 400 message, never a 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/courses",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty("message");
  });

  it("serves index.html without caching for client routes", async () => {
    for (const url of ["/", "/courses", "/course/java-programming", "/no/such/page?x=1"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain("Kingdom of Code");
    }
  });

  it("caches hashed assets for a year and compresses them", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/assets/index-AbC123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("answers a missing file with a JSON 404, not the app shell", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/missing-123.js" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty("message");
  });

  it("sends security headers with a same-origin Content-Security-Policy", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});
