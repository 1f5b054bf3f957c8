import { config } from "zod/v4/core";

/**
 * zod without its JIT in the browser: the JIT's `new Function` probe is refused by our CSP (no
 * 'unsafe-eval'), and Chromium reports the refusal as an issue even though zod catches it.
 */
config({ jitless: true });
