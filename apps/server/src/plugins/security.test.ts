import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp } from "../../test/accounts.js";
import { createTestApp, engines } from "../../test/harness.js";

/** A GET with the path sent exactly as written. */
function rawGet(port: number, path: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { accept: "text/html" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

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
    writeFileSync(
      join(webDir, "sandbox", "html-runner.html"),
      "<!doctype html><script src=/sandbox/html-runner.js></script>",
    );
    writeFileSync(join(webDir, "sandbox", "html-runner.js"), "parent.postMessage({ type: 'ready' }, '*');");
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
    // The HTML trials' runner: the learner's inline styles, no inline scripts, no connections, no workers.
    for (const url of ["/sandbox/html-runner.html", "/sandbox/html-runner.js"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self' 'unsafe-eval';");
      expect(csp).toContain("style-src 'unsafe-inline'");
      expect(csp).toContain("connect-src 'none'");
      expect(csp).not.toContain("worker-src");
      expect(csp).toContain("sandbox allow-scripts");
      expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    }
    expect(
      String(
        (await t.app.inject({ method: "GET", url: "/sandbox/html-runner.htm" })).headers["content-security-policy"],
      ),
    ).not.toContain("'unsafe-eval'");
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

  it("answers 404 to every other spelling of the runner's address, never the runner under the app's policy", async () => {
    // Over a real socket: inject() would tidy the path up the way a browser does, the attack does not.
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (t.app.server.address() as AddressInfo).port;
    for (const url of [
      "/sandbox/%6as-runner.html",
      "/sandbox/%6As-runner.js",
      "/%73andbox/js-runner.html",
      "/sandbox/js-runner%2ehtml",
      "/sandbox/./js-runner.html",
      "/sandbox/x/../js-runner.html",
      "/sandbox/x/%2e%2e/js-runner.html",
      "//sandbox//js-runner.html",
      "/sandbox//js-runner.html",
      "/sandbox/js-runner.html.",
      "/sandbox/js-runner.html..",
    ]) {
      const res = await rawGet(port, url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).not.toContain("js-runner.js");
      expect(res.body, url).not.toContain("postMessage");
      expect(String(res.headers["content-security-policy"]), url).toContain("sandbox allow-scripts");
    }
  });

  it("forbids framing (X-Frame-Options DENY, as frame-ancestors 'none') except the runner by our pages", async () => {
    const page = await t.app.inject({ method: "GET", url: "/playground" });
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(String(page.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    const runner = await t.app.inject({ method: "GET", url: "/sandbox/js-runner.html" });
    expect(runner.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("sends no HSTS over plain http", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("leaves the app's own pages without eval and able to frame the sandbox", async () => {
    const res = await t.app.inject({ method: "GET", url: "/playground" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toMatch(/frame-src 'self'/);
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });
});

describe("HSTS where the site is https", () => {
  it("is sent when PUBLIC_ORIGIN is https", async () => {
    const t = await createAccountsTestApp("pglite", { publicOrigin: "https://kingdom.example" });
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    await t.close();
  });
});
