import { afterEach, describe, expect, it, vi } from "vitest";
import { runCasesWithin } from "./cases.js";
import type { CaseRun } from "./types.js";

const ok = (stdout: string, timedOut = false): CaseRun => ({
  stdout,
  stderr: "",
  exitCode: timedOut ? null : 0,
  timedOut,
  truncated: false,
});

describe("one wall-clock budget per submission", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives each case what is left of the budget, and runs none once it is spent", async () => {
    vi.useFakeTimers();
    const given: number[] = [];
    // Each case takes 5 s of the (faked) clock and finishes within its limit.
    const runs = await runCasesWithin(["a", "b", "c", "d"], 12_000, 10_000, async (stdin, wallMs) => {
      given.push(wallMs);
      vi.advanceTimersByTime(Math.min(5_000, wallMs));
      return ok(stdin);
    });
    expect(given).toEqual([10_000, 7_000, 2_000]);
    expect(runs.map((r) => r.stdout)).toEqual(["a", "b", "c"]);
  });

  it("reports nothing after the first case that timed out", async () => {
    const seen: string[] = [];
    const runs = await runCasesWithin(["a", "loop", "c"], 12_000, 10_000, async (stdin) => {
      seen.push(stdin);
      return ok(stdin, stdin === "loop");
    });
    expect(seen).toEqual(["a", "loop"]);
    expect(runs).toHaveLength(2);
  });
});
