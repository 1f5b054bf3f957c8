import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const YEAR = 31_536_000;

/**
 * Serves the built web app: hashed assets (Pyodide's files among them, under a versioned path)
 * cached for a year as immutable, and sent brotli or gzip from the `.br`/`.gz` files the build
 * wrote beside them (plugins/precompress.ts; anything without one is compressed on the fly);
 * index.html never cached; any other GET outside /api answered with index.html so the client
 * router handles it.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const hasBuild = webDistDir !== undefined && existsSync(join(webDistDir, "index.html"));
  if (hasBuild) {
    const assetsDir = join(webDistDir, "assets");
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(res, path) {
        if (path.startsWith(assetsDir)) {
          res.setHeader("cache-control", `public, max-age=${YEAR}, immutable`);
          res.setHeader("vary", "Accept-Encoding");
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
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({ message: `Route ${request.method} ${path} not found` });
  });
}
