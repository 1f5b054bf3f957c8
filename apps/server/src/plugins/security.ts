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

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const razorpay = Boolean(app.config.RAZORPAY_KEY_ID && app.config.RAZORPAY_KEY_SECRET);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: razorpay ? razorpayContentSecurityPolicy : contentSecurityPolicy,
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onSend", async (request, reply) => {
    const path = request.url.split("?", 1)[0] as string;
    if (!SANDBOX_RUNNER_PATHS.has(path)) return;
    reply.header("content-security-policy", sandboxContentSecurityPolicy);
    // The runner frame has an opaque origin, so its own script counts as a cross-origin load.
    reply.header("cross-origin-resource-policy", "cross-origin");
  });
  await app.register(compress, { threshold: 1024 });
}
