import { submissionResult } from "@koc/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { TrialResults } from "./trial-results";

afterEach(cleanup);

/** An answer of a unit-tested trial, parsed with the shared contract like the API client does. */
const answer = submissionResult.parse({
  passed: false,
  cases: [
    {
      name: "plain and padded",
      passed: false,
      timedOut: false,
      status: "failed",
      expected: "110\n",
      actual: "1\n",
    },
    { name: "zero", passed: true, timedOut: false, status: "passed" },
  ],
  tests: [
    { name: "toBinary(6) is 110 and toBinary(0) is 0", status: "passed" },
    {
      name: "uses recursion: toBinary(n) calls itself, not Integer.toBinaryString",
      status: "failed",
      message: "toBinary(int) must build the digits itself, not call Integer.toBinaryString",
    },
    { name: "toBinary handles a large number", status: "timedOut", message: "Took longer than 2 s" },
  ],
});

function show(result = answer) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <TrialResults
          trial={{ id: "java-programming--recursion.1", language: "java", code: "" }}
          pending={false}
          result={result}
          error={null}
          signedIn
          onRetry={() => undefined}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByTestId("trial-verdict");
}

describe("a unit-tested trial's verdict", () => {
  it("lists every test by name with passed, failed or timed out, and why a failed one failed", () => {
    const verdict = show();
    expect(verdict.textContent).toContain("Not yet, warrior: 1 of 2 cases and 1 of 3 tests passed.");
    const tests = within(screen.getByRole("list", { name: "Unit tests" })).getAllByRole("listitem");
    expect(tests.map((li) => li.querySelector(".case-status")?.textContent)).toEqual(["passed", "failed", "timed out"]);
    expect(tests[1]?.textContent).toContain("uses recursion: toBinary(n) calls itself, not Integer.toBinaryString");
    expect(tests[1]?.textContent).toContain("must build the digits itself");
    expect(tests[0]?.querySelector(".test-message")).toBeNull();
    expect(tests[2]?.textContent).toContain("Took longer than 2 s");
  });

  it("still shows a failed visible sample's expected and actual output", () => {
    show();
    const sample = within(screen.getByRole("list", { name: "Test cases" })).getAllByRole("listitem")[0] as HTMLElement;
    expect(within(sample).getByText("Expected output").nextSibling?.textContent).toBe("110\n");
    expect(within(sample).getByText("Your output").nextSibling?.textContent).toBe("1\n");
  });

  it("counts the tests in a victory, and shows no test list for a trial without tests", () => {
    const won = submissionResult.parse({
      passed: true,
      firstPass: true,
      cases: [{ name: "zero", passed: true, timedOut: false }],
      tests: [{ name: "a", status: "passed" }],
    });
    expect(show(won).textContent).toContain("Trial conquered! All 1 cases and 1 tests passed.");
    cleanup();
    const plain = submissionResult.parse({ passed: true, cases: [{ name: "zero", passed: true, timedOut: false }] });
    expect(show(plain).textContent).toContain("Trial conquered! All 1 cases passed.");
    expect(screen.queryByRole("list", { name: "Unit tests" })).toBeNull();
  });
});
