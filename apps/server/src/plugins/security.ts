import type { IncomingMessage, ServerResponse } from "node:http";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

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
 * `sandbox allow-scripts` keeps the page opaque (no cookies, no storage, no same-origin access)
 * even when it is opened directly rather than in the frame.
 */
export const sandboxContentSecurityPolicy =
  "default-src 'none'; script-src 'self' 'unsafe-eval' blob:; worker-src blob:; connect-src 'none'; " +
  "frame-ancestors 'self'; base-uri 'none'; form-action 'none'; sandbox allow-scripts";

/** Exactly the runner's two files get the relaxed policy; any other /sandbox/ path is the app's. */
export const SANDBOX_RUNNER_PATHS: ReadonlySet<string> = new Set(["/sandbox/js-runner.html", "/sandbox/js-runner.js"]);

/** Razorpay's checkout (only with real Razorpay keys): its script, and the frames it opens. */
export const RAZORPAY_CHECKOUT_ORIGIN = "https://checkout.razorpay.com";
export const razorpayContentSecurityPolicy = {
  ...contentSecurityPolicy,
  scriptSrc: [...contentSecurityPolicy.scriptSrc, RAZORPAY_CHECKOUT_ORIGIN],
  frameSrc: [...contentSecurityPolicy.frameSrc, "https://api.razorpay.com", RAZORPAY_CHECKOUT_ORIGIN],
};

/**
 * The headers helmet sets for these options, worked out once: helmet's middleware would rebuild
 * its whole configuration (and the CSP string) on every request.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
      return res;
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const razorpay = Boolean(app.config.RAZORPAY_KEY_ID && app.config.RAZORPAY_KEY_SECRET);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: razorpay ? razorpayContentSecurityPolicy : contentSecurityPolicy,
    },
    crossOriginEmbedderPolicy: false,
  });
  // The JavaScript runner's two files: the relaxed policy, and its script counts as a
  // cross-origin load because the runner frame has an opaque origin.
  const sandboxHeaders = {
    ...headers,
    "content-security-policy": sandboxContentSecurityPolicy,
    "cross-origin-resource-policy": "cross-origin",
  };
  // One synchronous hook for every answer, the 404s and errors included.
  app.addHook("onRequest", (request, reply, done) => {
    const url = request.url;
    const sandbox = url.startsWith("/sandbox/") && SANDBOX_RUNNER_PATHS.has(url.split("?", 1)[0] as string);
    reply.headers(sandbox ? sandboxHeaders : headers);
    done();
  });
  await app.register(compress, { threshold: 1024 });
}
