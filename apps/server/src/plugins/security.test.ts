import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engines } from "../../test/harness.js";

describe.each(engines)("the code editor's JavaScript sandbox page on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), "koc-web-"));
    mkdirSync(join(webDir, "sandbox"));
    writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Kingdom of Code</title><div id=root></div>");
    writeFileSync(
      join(webDir, "sandbox", "js-runner.html"),
      "<!doctype html><script src=/sandbox/js-runner.js></script>",
    );
    writeFileSync(join(webDir, "sandbox", "js-runner.js"), "postMessage({ type: 'ready' });");
    t = await createTestApp(engine, { seed: false, webDistDir: webDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("gets its own CSP: eval and blob workers, nothing to connect to, framed only by our pages", async () => {
    for (const url of ["/sandbox/js-runner.html", "/sandbox/js-runner.js"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self' 'unsafe-eval' blob:");
      expect(csp).toContain("worker-src blob:");
      expect(csp).toContain("connect-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("sandbox allow-scripts");
      expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    }
    const withQuery = await t.app.inject({ method: "GET", url: "/sandbox/js-runner.html?v=2" });
    expect(String(withQuery.headers["content-security-policy"])).toContain("sandbox allow-scripts");
  });

  it("gives any other /sandbox/ path (the app's fallback page) the app's strict CSP", async () => {
    for (const url of [
      "/sandbox/anything-else",
      "/sandbox/",
      "/sandbox/js-runner.html.bak",
      "/sandbox/js-runner.htm",
    ]) {
      const res = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, url).not.toContain("'unsafe-eval'");
      expect(csp, url).not.toContain("sandbox allow-scripts");
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(res.headers["cross-origin-resource-policy"], url).toBe("same-origin");
    }
    const fallback = await t.app.inject({
      method: "GET",
      url: "/sandbox/anything-else",
      headers: { accept: "text/html" },
    });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.body).toContain("Kingdom of Code");
  });

  it("leaves the app's own pages without eval and able to frame the sandbox", async () => {
    const res = await t.app.inject({ method: "GET", url: "/playground" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toMatch(/frame-src 'self'/);
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });
});
