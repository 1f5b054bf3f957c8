import type { CaseRun } from "./types.js";

/**
 * Runs a submission's cases in turn under one wall-clock budget: each case gets what is left (at
 * most `caseWallMs`), and after the first case that times out, or once the budget is spent, the
 * rest are not run (they are missing from the answer). An endless loop costs one budget, not one
 * wall clock per case.
 */
export async function runCasesWithin(
  stdins: readonly string[],
  budgetMs: number,
  caseWallMs: number,
  runCase: (stdin: string, wallMs: number) => Promise<CaseRun>,
): Promise<CaseRun[]> {
  const deadline = performance.now() + budgetMs;
  const runs: CaseRun[] = [];
  for (const stdin of stdins) {
    const left = Math.floor(deadline - performance.now());
    if (left <= 0) break;
    const run = await runCase(stdin, Math.min(caseWallMs, left));
    runs.push(run);
    if (run.timedOut) break;
  }
  return runs;
}
