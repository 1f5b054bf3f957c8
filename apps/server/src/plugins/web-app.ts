import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { z } from "zod";

const YEAR = 31_536_000;

/** dist/pages/pages.json, written by the web build's prerender (apps/web/scripts/prerender.mjs). */
const pagesIndex = z.object({
  origin: z.string().url(),
  pages: z.record(z.string().regex(/^\/[a-z0-9/-]*$/), z.string().regex(/^[a-z0-9/-]+\.html$/)),
});

interface PreparedPage {
  html: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
}

/** The variant for the request's Accept-Encoding: brotli, then gzip, else the plain bytes. */
function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return undefined;
}

/**
 * The prerendered public pages, read once: each path's HTML with this server's public origin in
 * its canonical and Open Graph links, and a strong ETag. None without a prerendered build.
 */
export function loadPrerenderedPages(webDistDir: string, origin: string): Map<string, PreparedPage> {
  const pages = new Map<string, PreparedPage>();
  const indexFile = join(webDistDir, "pages", "pages.json");
  if (!existsSync(indexFile)) return pages;
  const index = pagesIndex.parse(JSON.parse(readFileSync(indexFile, "utf8")));
  for (const [path, file] of Object.entries(index.pages)) {
    const text = readFileSync(join(webDistDir, "pages", file), "utf8").replaceAll(index.origin, origin);
    const html = Buffer.from(text);
    const etag = `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
    const gzip = gzipSync(html, { level: 9 });
    const brotli = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    pages.set(path, { html, gzip, brotli, etag });
  }
  return pages;
}

/**
 * Serves the built web app: hashed assets cached for a year; each prerendered public page's HTML
 * for its path and index.html (the client-rendered shell) for any other GET outside /api, both
 * revalidated on every visit (no-cache).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | undefined,
  origin = "http://localhost",
): Promise<void> {
  const hasBuild = webDistDir !== undefined && existsSync(join(webDistDir, "index.html"));
  const pages = hasBuild ? loadPrerenderedPages(webDistDir, origin) : new Map<string, PreparedPage>();
  if (hasBuild) {
    const assetsDir = join(webDistDir, "assets");
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, path) {
        if (path.startsWith(assetsDir)) {
          res.setHeader("cache-control", `public, max-age=${YEAR}, immutable`);
        } else {
          res.setHeader("cache-control", "no-cache");
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const isPage = (request.method === "GET" || request.method === "HEAD") && !path.startsWith("/api");
    if (isPage && hasBuild && !/\.[a-z0-9]{1,8}$/i.test(path)) {
      const page = pages.get(path.length > 1 ? path.replace(/\/+$/, "") : path);
      if (page) {
        // Prepared bytes: compressed once at start-up, never per request.
        reply.header("cache-control", "no-cache").header("etag", page.etag).header("vary", "accept-encoding");
        if (request.headers["if-none-match"] === page.etag) return reply.status(304).send();
        const encoding = pickEncoding(request.headers["accept-encoding"]);
        reply.type("text/html; charset=utf-8");
        if (!encoding) return reply.send(page.html);
        return reply.header("content-encoding", encoding).send(encoding === "br" ? page.brotli : page.gzip);
      }
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({ message: `Route ${request.method} ${path} not found` });
  });
}
