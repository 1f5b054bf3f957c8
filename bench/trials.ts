/**
 * Trial grading latency: one submission (every case in a fresh sandbox; Java compiled once) per
 * language through the local runner, warm, with the per-case cost. Prints figures; never passes or
 * fails on time. Run: npm run bench:trials -w @koc/bench (needs a JDK, bubblewrap, python3).
 */
import { loadavg } from "node:os";
import { createLocalRunner } from "../apps/server/src/adapters/code-runner/local.js";
import type { CasesJob } from "../apps/server/src/adapters/code-runner/types.js";
import { coursesDir, loadCatalogue } from "../content/src/index.js";

const RUNS = Number(process.env.BENCH_TRIAL_RUNS ?? 5);

const { runner, reason } = await createLocalRunner();
if (!runner) {
  console.log(`trials bench skipped: ${reason}`);
  process.exit(0);
}

const trials = loadCatalogue(coursesDir).catalogue.courses.flatMap((c) => c.exercises ?? []);
const jobs: { label: string; job: CasesJob }[] = [];
for (const language of ["java", "python"] as const) {
  const t = trials.find((e) => e.language === language);
  if (t)
    jobs.push({
      label: `${language} (${t.id})`,
      job: { language, version: "java17", code: t.solution, stdins: t.cases.map((c) => c.stdin) },
    });
}
jobs.push({
  label: "javascript (line count)",
  job: {
    language: "javascript",
    version: "java17",
    code: 'const input = require("fs").readFileSync(0, "utf8");\nconsole.log(input.split("\\n").filter(Boolean).length);\n',
    stdins: ["a\nb\n", "", "x\n", "1\n2\n3\n"],
  },
});

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
console.log(`trial submissions, ${RUNS} warm runs each, load average ${loadavg()[0]?.toFixed(2)}`);
for (const { label, job } of jobs) {
  await runner.runCases(job); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const r = await runner.runCases(job);
    times.push(performance.now() - started);
    if (r.compileError || r.runs.some((x) => x.exitCode !== 0)) console.log(`  ${label}: a run failed`);
  }
  const median = pct(times, 0.5);
  console.log(
    `  ${label}: ${job.stdins.length} cases, median ${median.toFixed(0)} ms (${(median / job.stdins.length).toFixed(0)} ms a case), p95 ${pct(times, 0.95).toFixed(0)} ms`,
  );
}
await runner.close();
