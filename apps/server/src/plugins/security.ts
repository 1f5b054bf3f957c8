import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { NotFoundError } from "../errors.js";

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

/**
 * The HTML trials' preview and checker (apps/web/public/sandbox/html-runner.*, decision 0031): the
 * same opaque sandbox, plus the learner's inline styles and data: pictures. Its frames inherit this
 * policy, so the learner's page can run no inline script and reach nothing on the network.
 */
export const htmlSandboxContentSecurityPolicy =
  "default-src 'none'; script-src 'self' 'unsafe-eval'; style-src 'unsafe-inline'; img-src data:; font-src data:; " +
  "connect-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'; sandbox allow-scripts";

/** Each runner file and its relaxed policy; any other /sandbox/ path is the app's. */
export const SANDBOX_RUNNER_POLICIES: ReadonlyMap<string, string> = new Map([
  ["/sandbox/js-runner.html", sandboxContentSecurityPolicy],
  ["/sandbox/js-runner.js", sandboxContentSecurityPolicy],
  ["/sandbox/html-runner.html", htmlSandboxContentSecurityPolicy],
  ["/sandbox/html-runner.js", htmlSandboxContentSecurityPolicy],
]);
export const SANDBOX_RUNNER_PATHS: ReadonlySet<string> = new Set(SANDBOX_RUNNER_POLICIES.keys());

/** Razorpay's checkout (only with real Razorpay keys): its script, and the frames it opens. */
export const RAZORPAY_CHECKOUT_ORIGIN = "https://checkout.razorpay.com";
export const razorpayContentSecurityPolicy = {
  ...contentSecurityPolicy,
  scriptSrc: [...contentSecurityPolicy.scriptSrc, RAZORPAY_CHECKOUT_ORIGIN],
  frameSrc: [...contentSecurityPolicy.frameSrc, "https://api.razorpay.com", RAZORPAY_CHECKOUT_ORIGIN],
};

/**
 * The runner's path once decoded and normalised: percent-escapes decoded, doubled slashes and dot
 * segments resolved, trailing dots dropped. Undefined for a path that does not decode.
 */
export function normalisedPath(url: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(url.split("?", 1)[0] as string);
  } catch {
    return undefined;
  }
  const out: string[] = [];
  for (const raw of path.replace(/\\/g, "/").split("/")) {
    const segment = raw.replace(/\.+$/, (dots) => (raw === dots ? dots : ""));
    if (segment === "" || segment === ".") continue;
    if (segment === "..") out.pop();
    else out.push(segment);
  }
  return `/${out.join("/")}`;
}

export const NOT_FOUND_PAGE = "Not found: this path is not served. Open the page by its own address.";

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const razorpay = Boolean(app.config.RAZORPAY_KEY_ID && app.config.RAZORPAY_KEY_SECRET);
  // HSTS only where the site really is https: over plain http it means nothing, and a browser that
  // kept it would refuse a later plain-http run on the same host.
  const https = app.config.PUBLIC_ORIGIN?.startsWith("https://") === true;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: razorpay ? razorpayContentSecurityPolicy : contentSecurityPolicy,
    },
    crossOriginEmbedderPolicy: false,
    // DENY, as frame-ancestors 'none' says: no page of ours is ever framed (the runner sets its own).
    frameguard: { action: "deny" },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // The JavaScript runner's two files: the relaxed policy, and its script counts as a
  // cross-origin load because the runner frame has an opaque origin. Headers given to the reply
  // take precedence over the ones helmet set.
  const sandboxHeaders = (path: string) => ({
    "content-security-policy": SANDBOX_RUNNER_POLICIES.get(path) ?? sandboxContentSecurityPolicy,
    "cross-origin-resource-policy": "cross-origin",
    "x-frame-options": "SAMEORIGIN",
  });
  // Matched on the decoded, normalised path, so no encoding of the runner's address escapes its
  // policy; any spelling other than the exact one is a 404, never the runner under the app's policy.
  app.addHook("onRequest", (request, reply, done) => {
    const path = request.url.split("?", 1)[0] as string;
    if (SANDBOX_RUNNER_PATHS.has(path)) {
      reply.headers(sandboxHeaders(path));
      return done();
    }
    const normalised =
      path.includes("%") || path.includes("//") || path.includes(".") || path.includes("\\")
        ? normalisedPath(path)
        : path;
    if (normalised !== undefined && normalised !== path && SANDBOX_RUNNER_PATHS.has(normalised)) {
      reply.headers(sandboxHeaders(normalised));
      return done(new NotFoundError(NOT_FOUND_PAGE));
    }
    done();
  });
  await app.register(compress, { threshold: 1024 });
}
