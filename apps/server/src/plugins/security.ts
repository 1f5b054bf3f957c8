import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * The Content-Security-Policy the web app really runs under: everything from our own origin
 * (fonts, scripts, Pyodide's WebAssembly), no inline scripts, no third parties.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'"],
  fontSrc: ["'self'", "data:"],
  imgSrc: ["'self'", "data:", "blob:"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", "blob:"],
  frameSrc: ["'self'", "blob:"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
}
