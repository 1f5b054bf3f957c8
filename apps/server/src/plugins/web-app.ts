import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
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
  html: string;
  etag: string;
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
    const html = readFileSync(join(webDistDir, "pages", file), "utf8").replaceAll(index.origin, origin);
    const etag = `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
    pages.set(path, { html, etag });
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
        reply.header("cache-control", "no-cache").header("etag", page.etag);
        if (request.headers["if-none-match"] === page.etag) return reply.status(304).send();
        return reply.type("text/html; charset=utf-8").send(page.html);
      }
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({ message: `Route ${request.method} ${path} not found` });
  });
}
