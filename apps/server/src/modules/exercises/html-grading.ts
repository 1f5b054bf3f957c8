/**
 * HTML trials: the learner's page is rendered in headless Chromium and the trial's checks run on it
 * (the same harness the browser runs for instant feedback). See docs/decisions/0031-html-trials.md.
 */
import type { SubmissionTest } from "@koc/shared";
import { DEFAULT_CHECK_WIDTH, type HtmlCheckInfo } from "@koc/shared/html-checks";
import {
  ChromiumUnavailableError,
  createPageChecker,
  type PageChecker,
  PageCheckTimeoutError,
} from "@koc/shared/html-checks/chromium";
import type { exercises } from "../../db/schema.js";
import { UnavailableError } from "../../errors.js";

type Row = typeof exercises.$inferSelect;

export type PageChecks = Pick<PageChecker, "run" | "close">;

export const HTML_TRIALS_OFF_MESSAGE =
  "HTML trials cannot be graded on this server right now: it has no Chromium to render your page (install chromium, or set KOC_CHROMIUM_PATH). Your page is safe in the editor; please try again later.";
export const PAGE_TIMED_OUT =
  "Your page took too long to render, so no check could run. Look for something very large or deeply nested.";

/** One browser for the app, launched at the first HTML submission and closed with the app. */
export function createServerPageChecker(): PageChecks {
  return createPageChecker({ timeoutMs: 10_000 });
}

/** Each check's name and viewport width, in the trial's order. */
export function pageChecksOf(tests: NonNullable<Row["tests"]>): { code: string; checks: HtmlCheckInfo[] } {
  return {
    code: tests.code,
    checks: tests.names.map((name, i) => ({ name, width: tests.widths?.[i] ?? DEFAULT_CHECK_WIDTH })),
  };
}

/** Every check's verdict by name; 503 without Chromium, every check failed when the page timed out. */
export async function checkPage(checker: PageChecks, row: Pick<Row, "tests">, html: string): Promise<SubmissionTest[]> {
  if (!row.tests) return [];
  const { code, checks } = pageChecksOf(row.tests);
  try {
    const results = await checker.run(html, code, checks);
    return results.map((r) => ({
      name: r.name,
      status: r.passed ? "passed" : "failed",
      ...(r.message !== undefined ? { message: r.message } : {}),
    }));
  } catch (err) {
    if (err instanceof ChromiumUnavailableError) throw new UnavailableError(HTML_TRIALS_OFF_MESSAGE);
    if (err instanceof PageCheckTimeoutError) {
      return checks.map((c) => ({ name: c.name, status: "timedOut", message: PAGE_TIMED_OUT }));
    }
    throw err;
  }
}
