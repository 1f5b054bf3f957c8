import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type Prepared, prepareBytes, sendPrepared } from "../modules/catalogue/prepared.js";

const YEAR = 31_536_000;

/** dist/pages/pages.json, written by the web build's prerender (apps/web/scripts/prerender.mjs). */
const pagesIndex = z.object({
  origin: z.string().url(),
  pages: z.record(z.string().regex(/^\/[a-z0-9/-]*$/), z.string().regex(/^[a-z0-9/-]+\.html$/)),
});

/**
 * The prerendered public pages, read once: each path's HTML with this server's public origin in
 * its canonical and Open Graph links, prepared (brotli and gzip made once, a strong ETag). None
 * without a prerendered build.
 */
export function loadPrerenderedPages(webDistDir: string, origin: string): Map<string, Prepared> {
  const pages = new Map<string, Prepared>();
  const indexFile = join(webDistDir, "pages", "pages.json");
  if (!existsSync(indexFile)) return pages;
  const index = pagesIndex.parse(JSON.parse(readFileSync(indexFile, "utf8")));
  for (const [path, file] of Object.entries(index.pages)) {
    const text = readFileSync(join(webDistDir, "pages", file), "utf8").replaceAll(index.origin, origin);
    pages.set(path, prepareBytes(Buffer.from(text)));
  }
  return pages;
}

/**
 * Serves the built web app: hashed assets (Pyodide's files among them, under a versioned path)
 * cached for a year as immutable, and sent brotli or gzip from the `.br`/`.gz` files the build
 * wrote beside them (plugins/precompress.ts; anything without one is compressed on the fly); each
 * prerendered public page's HTML for its path, and index.html (the client-rendered shell) for any
 * other GET outside /api, both revalidated on every visit (no-cache).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | undefined,
  origin = "http://localhost",
): Promise<void> {
  const hasBuild = webDistDir !== undefined && existsSync(join(webDistDir, "index.html"));
  const pages = hasBuild ? loadPrerenderedPages(webDistDir, origin) : new Map<string, Prepared>();
  if (hasBuild) {
    const assetsDir = join(webDistDir, "assets");
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(reply, path) {
        if (path.startsWith(assetsDir)) {
          reply.header("cache-control", `public, max-age=${YEAR}, immutable`);
          reply.header("vary", "Accept-Encoding");
        } else {
          reply.header("cache-control", "no-cache");
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const isPage = (request.method === "GET" || request.method === "HEAD") && !path.startsWith("/api");
    if (isPage && hasBuild && !/\.[a-z0-9]{1,8}$/i.test(path)) {
      const page = pages.get(path.length > 1 ? path.replace(/\/+$/, "") : path);
      // Prepared bytes: compressed once at start-up, never per request.
      if (page)
        return sendPrepared(request, reply, page, {
          cacheControl: "no-cache",
          contentType: "text/html; charset=utf-8",
        });
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({ message: `Route ${request.method} ${path} not found` });
  });
}
