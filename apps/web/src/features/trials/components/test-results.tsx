import type { SubmissionTest } from "@koc/shared";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { type ReactNode, useId } from "react";

const STATUS_WORD: Record<SubmissionTest["status"], string> = {
  passed: "passed",
  failed: "failed",
  timedOut: "timed out",
};

/**
 * A unit-tested trial's hidden tests, each by its readable name with how it ended; a failed one
 * also says why (the server has already removed the test's data from the message).
 */
export function TestResults({
  tests,
  explain,
}: {
  tests: SubmissionTest[] | undefined;
  /** "Explain this error" for a failed test's message. */
  explain?: ((error: string) => ReactNode) | undefined;
}) {
  const headingId = useId();
  if (!tests || tests.length === 0) return null;
  return (
    <section className="trial-tests" aria-labelledby={headingId}>
      <h5 id={headingId}>The judges' tests</h5>
      <ul className="trial-cases" aria-label="Unit tests">
        {tests.map((t) => (
          <li key={t.name} className={t.status === "passed" ? "case-passed" : "case-failed"} data-testid="trial-test">
            <span className="case-line">
              {t.status === "passed" ? (
                <CheckCircle2 aria-hidden="true" size={18} />
              ) : t.status === "timedOut" ? (
                <Clock aria-hidden="true" size={18} />
              ) : (
                <XCircle aria-hidden="true" size={18} />
              )}
              <span className="case-name">{t.name}</span>
              <span className="case-status">{STATUS_WORD[t.status]}</span>
            </span>
            {t.status !== "passed" && t.message && <p className="test-message">{t.message}</p>}
            {t.status !== "passed" && explain?.(`Test "${t.name}" ${STATUS_WORD[t.status]}: ${t.message ?? ""}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "3 of 4 cases passed", or with tests "3 of 4 cases and 2 of 5 tests passed". */
export function passedSummary(cases: { passed: boolean }[], tests: SubmissionTest[] | undefined): string {
  // An HTML trial has no cases: the server's checks of the rendered page are its whole verdict.
  if (cases.length === 0 && tests && tests.length > 0)
    return `${tests.filter((t) => t.status === "passed").length} of ${tests.length} checks passed on the server`;
  const casesPart = `${cases.filter((c) => c.passed).length} of ${cases.length} cases`;
  if (!tests || tests.length === 0) return `${casesPart} passed`;
  return `${casesPart} and ${tests.filter((t) => t.status === "passed").length} of ${tests.length} tests passed`;
}
