import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWebApp } from "./web-app.js";

const PLACEHOLDER = "https://origin.koc.invalid";

describe("prerendered public pages", () => {
  let app: FastifyInstance;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), "koc-web-pages-"));
    mkdirSync(join(webDir, "pages", "course"), { recursive: true });
    writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Kingdom of Code</title><div id=root></div>");
    // Real pages hold a course list or a curriculum: a few KB, worth compressing (tiny bodies are sent as they are).
    const body = Array.from({ length: 40 }, (_, i) => `<li>Lesson ${i + 1}: a topic of the course</li>`).join("");
    const page = (title: string, path: string) =>
      `<!doctype html><title>${title}</title><link rel="canonical" href="${PLACEHOLDER}${path}"><div id="root"><h1>${title}</h1><ol>${body}</ol></div>`;
    writeFileSync(join(webDir, "pages", "index.html"), page("Home", "/"));
    writeFileSync(join(webDir, "pages", "courses.html"), page("Courses", "/courses"));
    writeFileSync(join(webDir, "pages", "course", "java-programming.html"), page("Java", "/course/java-programming"));
    writeFileSync(
      join(webDir, "pages", "pages.json"),
      JSON.stringify({
        origin: PLACEHOLDER,
        pages: {
          "/": "index.html",
          "/courses": "courses.html",
          "/course/java-programming": "course/java-programming.html",
        },
      }),
    );
    app = Fastify();
    await registerWebApp(app, webDir, "https://kingdom.example");
  });
  afterAll(async () => {
    await app.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("serves each public page's own HTML for its path, with the public origin in its links", async () => {
    for (const [url, title, canonical] of [
      ["/", "Home", "https://kingdom.example/"],
      ["/courses", "Courses", "https://kingdom.example/courses"],
      ["/courses/", "Courses", "https://kingdom.example/courses"],
      ["/course/java-programming?from=home", "Java", "https://kingdom.example/course/java-programming"],
    ] as const) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain(`<h1>${title}</h1>`);
      expect(res.body).toContain(`href="${canonical}"`);
      expect(res.body).not.toContain(PLACEHOLDER);
    }
  });

  it("sends the page precompressed with brotli or gzip, as the browser accepts", async () => {
    const br = await app.inject({
      method: "GET",
      url: "/courses",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("<h1>Courses</h1>");
    const gzip = await app.inject({ method: "GET", url: "/courses", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toContain("<h1>Courses</h1>");
    const plain = await app.inject({ method: "GET", url: "/courses", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("<h1>Courses</h1>");
  });

  it("answers a repeat visit with 304 when the page has not changed", async () => {
    const first = await app.inject({ method: "GET", url: "/courses" });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ method: "GET", url: "/courses", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const other = await app.inject({ method: "GET", url: "/", headers: { "if-none-match": etag } });
    expect(other.statusCode).toBe(200);
  });

  it("serves the client-rendered shell for every other page and a JSON 404 for the API", async () => {
    for (const url of ["/dashboard", "/course/no-such-course", "/login"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("<div id=root></div>");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
    const api = await app.inject({ method: "GET", url: "/api/nothing" });
    expect(api.statusCode).toBe(404);
  });
});
