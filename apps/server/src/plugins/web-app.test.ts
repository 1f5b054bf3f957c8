import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engines } from "../../test/harness.js";
import { precompressAssets } from "./precompress.js";

/** Bytes that compress like real WebAssembly / JavaScript do (repetitive, not random). */
const compressible = (size: number, seed: string) =>
  Buffer.from(Array.from({ length: Math.ceil(size / seed.length) }, (_, i) => `${seed}${i % 97}`).join("")).subarray(
    0,
    size,
  );

describe.each(engines)("the web build's static files on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let webDir: string;
  const pyodide = "/assets/pyodide-0.29.0";
  const wasm = compressible(200_000, "(module (func $f (param i32) (result i32)))");
  const stdlib = compressible(120_000, "Lib/asyncio/__init__.py import sys ");
  const script = compressible(30_000, "export function render(){return 'Kingdom of Code';}");
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), "koc-web-"));
    mkdirSync(join(webDir, "assets", "pyodide-0.29.0"), { recursive: true });
    writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Kingdom of Code</title><div id=root></div>");
    writeFileSync(join(webDir, "assets", "pyodide-0.29.0", "pyodide.asm.wasm"), wasm);
    writeFileSync(join(webDir, "assets", "pyodide-0.29.0", "python_stdlib.zip"), stdlib);
    writeFileSync(join(webDir, "assets", "index-abc123.js"), script);
    writeFileSync(join(webDir, "assets", "tiny-abc123.js"), "export {};");
    const done = await precompressAssets(webDir);
    expect(done.files).toBe(3);
    t = await createTestApp(engine, { seed: false, webDistDir: webDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("writes brotli and gzip beside the assets worth compressing, not beside tiny ones", () => {
    expect(existsSync(join(webDir, "assets", "pyodide-0.29.0", "pyodide.asm.wasm.br"))).toBe(true);
    expect(existsSync(join(webDir, "assets", "pyodide-0.29.0", "python_stdlib.zip.gz"))).toBe(true);
    expect(existsSync(join(webDir, "assets", "tiny-abc123.js.br"))).toBe(false);
    expect(existsSync(join(webDir, "index.html.br"))).toBe(false);
  });

  it("serves Pyodide's WebAssembly, stdlib and scripts precompressed, immutable for a year", async () => {
    for (const [url, original, type] of [
      [`${pyodide}/pyodide.asm.wasm`, wasm, "application/wasm"],
      [`${pyodide}/python_stdlib.zip`, stdlib, "application/zip"],
      ["/assets/index-abc123.js", script, "javascript"],
    ] as const) {
      const br = await get(url, { "accept-encoding": "gzip, deflate, br" });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers["content-encoding"], url).toBe("br");
      expect(String(br.headers["content-type"]), url).toContain(type);
      expect(br.headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
      expect(String(br.headers.vary), url).toMatch(/accept-encoding/i);
      expect(br.rawPayload.length, url).toBeLessThan(original.length / 2);
      expect(brotliDecompressSync(br.rawPayload).equals(original), url).toBe(true);

      const gz = await get(url, { "accept-encoding": "gzip" });
      expect(gz.headers["content-encoding"], url).toBe("gzip");
      expect(gunzipSync(gz.rawPayload).equals(original), url).toBe(true);

      const plain = await get(url);
      expect(plain.headers["content-encoding"], url).toBeUndefined();
      expect(plain.rawPayload.equals(original), url).toBe(true);
      expect(plain.headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
    }
  });

  it("keeps index.html uncached and the client routes answered with it", async () => {
    const page = await get("/courses", { "accept-encoding": "br" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.body).toContain("Kingdom of Code");
    expect((await get(`${pyodide}/missing.wasm`)).statusCode).toBe(404);
  });
});
