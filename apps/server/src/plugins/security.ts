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

/**
 * The code editor's JavaScript runner (apps/web/public/sandbox/) runs learner code with eval in a
 * blob Worker inside an opaque-origin sandboxed frame of our own pages; it may reach nothing else.
 */
export const sandboxContentSecurityPolicy =
  "default-src 'none'; script-src 'self' 'unsafe-eval' blob:; worker-src blob:; connect-src 'none'; " +
  "frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onSend", async (request, reply) => {
    if (!request.url.startsWith("/sandbox/")) return;
    reply.header("content-security-policy", sandboxContentSecurityPolicy);
    // The runner frame has an opaque origin, so its own script counts as a cross-origin load.
    reply.header("cross-origin-resource-policy", "cross-origin");
  });
  await app.register(compress, { threshold: 1024 });
}
