import type { FastifyInstance, FastifyRequest } from "fastify";
import { BadRequestError } from "../errors.js";

/**
 * PostgreSQL text cannot hold U+0000, and its json/jsonb refuse an unpaired surrogate (which no
 * keyboard can type): either, anywhere in a request, is refused before any route runs.
 */
const NUL = "\u0000";
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const badText = (s: string): string | null => {
  if (s.includes(NUL)) return "must not contain the NUL character";
  if (LONE_SURROGATE.test(s)) return "must be valid Unicode text (it holds an unpaired surrogate)";
  return null;
};

/**
 * The path (`body.name`, `query.q`, `params.code`) of the first string or key holding a NUL or an
 * unpaired surrogate, and why; walks without recursion so a deeply nested body cannot overflow the stack.
 */
export function findBadText(root: unknown, context: string): { path: string; problem: string } | null {
  const stack: [unknown, string][] = [[root, context]];
  while (stack.length > 0) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === "string") {
      const problem = badText(value);
      if (problem) return { path, problem };
    } else if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        const problem = badText(key);
        if (problem) return { path, problem: `field names ${problem}` };
        stack.push([child, `${path}.${key}`]);
      }
    }
  }
  return null;
}

/** A field name fit for a message: no raw NUL or lone surrogate echoed back. */
const printable = (path: string) =>
  path.replaceAll(NUL, "\\0").replace(new RegExp(LONE_SURROGATE.source, "g"), "\uFFFD");

async function refuseBadText(request: FastifyRequest) {
  for (const [context, value] of [
    ["params", request.params],
    ["query", request.query],
    ["body", request.body],
    ["headers.authorization", request.headers.authorization],
  ] as const) {
    const bad = findBadText(value, context);
    if (bad) throw new BadRequestError(`${printable(bad.path)}: ${bad.problem}`);
  }
}

/** One preValidation hook for every route of the app (added before the routes are registered). */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", refuseBadText);
}
