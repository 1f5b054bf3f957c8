import { paths } from "./paths";

const BASE = "http://next.invalid";

/**
 * Where to go after signing in or registering: `?next=` when it is a path on this site (one leading
 * `/`, no backslash, nothing the URL parser would turn into another host), else the dashboard.
 * `//evil.example`, `https://…`, `javascript:…`, `/\evil.example` and `/<tab>/evil.example` all
 * fall back, so a crafted link cannot send a learner elsewhere with their fresh session.
 */
export function safeNext(raw: string | null | undefined): string {
  if (!raw || raw.length > 2000) return paths.dashboard;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!raw.startsWith("/") || raw.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(raw)) return paths.dashboard;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return paths.dashboard;
  }
  if (url.origin !== BASE) return paths.dashboard;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/register?next=/course/java-programming`: the slashes of the path stay readable. */
export const withNext = (page: string, next: string) =>
  `${page}?next=${encodeURIComponent(next).replace(/%2F/gi, "/")}`;

/** A course page's address, and nothing more: where "after sign-in, enrol and open lesson 1" applies. */
export const coursePathOf = (path: string): string | null => /^\/course\/([a-z0-9-]+)\/?$/.exec(path)?.[1] ?? null;

/** Navigation state: arrive on a course page to enrol and open the next lesson (after sign-in). */
export const startCourse = { startCourse: true } as const;
