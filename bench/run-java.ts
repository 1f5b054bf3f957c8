/**
 * Java run latency: hello world and a ~100-line program through the local runner (warm compiler
 * process + bubblewrap sandbox), cold and warm, next to a plain `javac` then `java` measured in the
 * same run on the same JDK. Prints figures; never passes or fails on time.
 * Run: npm run bench:run-java -w @koc/bench (needs a JDK and bubblewrap).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createLocalRunner, type LocalRunnerOptions } from "../apps/server/src/adapters/code-runner/local.js";
import type { CodeRunner, RunJob } from "../apps/server/src/adapters/code-runner/types.js";

const COLD_STARTS = Number(process.env.BENCH_COLD_STARTS ?? 5);
const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 20);
const BASELINE_RUNS = Number(process.env.BENCH_BASELINE_RUNS ?? 10);

const HELLO = `public class Hello {
  public static void main(String[] args) {
    System.out.println("Hello, Kingdom of Code!");
  }
}
`;

/** About a hundred lines: classes, an interface, generics, collections, streams, a switch, formatting. */
const HUNDRED = `import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class Kingdom {
  interface Warrior {
    String name();
    int power();
    default String title() { return name() + " (" + power() + ")"; }
  }

  static final class Knight implements Warrior {
    private final String name;
    private final int power;
    Knight(String name, int power) { this.name = name; this.power = power; }
    public String name() { return name; }
    public int power() { return power; }
  }

  static final class Archer implements Warrior {
    private final String name;
    private final int arrows;
    Archer(String name, int arrows) { this.name = name; this.arrows = arrows; }
    public String name() { return name; }
    public int power() { return arrows * 2; }
  }

  enum Rank { RECRUIT, SOLDIER, CAPTAIN, GENERAL }

  static Rank rankOf(int power) {
    if (power >= 90) return Rank.GENERAL;
    if (power >= 60) return Rank.CAPTAIN;
    if (power >= 30) return Rank.SOLDIER;
    return Rank.RECRUIT;
  }

  static <T extends Comparable<T>> T max(List<T> items) {
    T best = items.get(0);
    for (T item : items) if (item.compareTo(best) > 0) best = item;
    return best;
  }

  static long fibonacci(int n) {
    long a = 0, b = 1;
    for (int i = 0; i < n; i++) { long t = a + b; a = b; b = t; }
    return a;
  }

  static boolean isPrime(int n) {
    if (n < 2) return false;
    for (int d = 2; (long) d * d <= n; d++) if (n % d == 0) return false;
    return true;
  }

  static String describe(Rank rank) {
    switch (rank) {
      case GENERAL: return "leads the army";
      case CAPTAIN: return "leads a company";
      case SOLDIER: return "holds the line";
      default: return "is still training";
    }
  }

  public static void main(String[] args) {
    List<Warrior> army = new ArrayList<>();
    army.add(new Knight("Baahubali", 95));
    army.add(new Knight("Bhallaladeva", 88));
    army.add(new Archer("Devasena", 40));
    army.add(new Knight("Kattappa", 91));
    army.add(new Archer("Avantika", 25));
    army.add(new Knight("Kumara", 12));

    army.sort(Comparator.comparingInt(Warrior::power).reversed());
    for (Warrior w : army) {
      Rank r = rankOf(w.power());
      System.out.printf("%-14s %-8s %s%n", w.title(), r, describe(r));
    }

    Map<Rank, List<String>> byRank = army.stream()
        .collect(Collectors.groupingBy(w -> rankOf(w.power()), TreeMap::new,
            Collectors.mapping(Warrior::name, Collectors.toList())));
    byRank.forEach((rank, names) -> System.out.println(rank + ": " + names));

    IntSummaryStatistics stats = army.stream().mapToInt(Warrior::power).summaryStatistics();
    System.out.println("average power " + String.format("%.1f", stats.getAverage()) + ", strongest " + stats.getMax());

    List<Integer> powers = army.stream().map(Warrior::power).collect(Collectors.toList());
    System.out.println("max by generic helper: " + max(powers));

    Function<Integer, Long> fib = Kingdom::fibonacci;
    System.out.println("fibonacci(50) = " + fib.apply(50));

    String primes = IntStream.rangeClosed(1, 60).filter(Kingdom::isPrime)
        .mapToObj(Integer::toString).collect(Collectors.joining(", "));
    System.out.println("primes: " + primes);

    StringBuilder banner = new StringBuilder();
    for (int i = 0; i < 3; i++) banner.append("=== ");
    System.out.println(banner.toString().trim());
  }
}
`;

const PROGRAMS = [
  { name: "hello world", className: "Hello", code: HELLO, expect: "Hello, Kingdom of Code!" },
  { name: "100-line program", className: "Kingdom", code: HUNDRED, expect: "primes: 2, 3, 5" },
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Row {
  scenario: string;
  program: string;
  samples: number[];
}
const rows: Row[] = [];

async function timedRun(runner: CodeRunner, job: RunJob, expect: string): Promise<number> {
  const t = performance.now();
  const r = await runner.run(job);
  const ms = performance.now() - t;
  if (r.compileError || !r.stdout.includes(expect)) {
    throw new Error(`unexpected result: ${JSON.stringify(r).slice(0, 400)}`);
  }
  return ms;
}

async function startRunner(options: LocalRunnerOptions): Promise<CodeRunner> {
  const { runner, reason } = await createLocalRunner({ ...options, concurrency: 1 });
  if (!runner) {
    console.log(`run-java bench skipped: ${reason}`);
    process.exit(0);
  }
  return runner;
}

// The JDK that serves java17 runs the plain baseline too (javac then java, fresh JVMs, no sandbox).
const probe = await startRunner({});
const jdk = (
  probe as CodeRunner & { targets: Map<string, { jdk: { home: string; javac: string; java: string } }> }
).targets.get("java17")?.jdk;
await probe.close();
if (!jdk) {
  console.log("run-java bench skipped: no JDK targets Java 17");
  process.exit(0);
}
console.log(
  `JDK ${jdk.home}; ${COLD_STARTS} cold starts, ${WARM_RUNS} warm runs, ${BASELINE_RUNS} baseline and javac-per-run samples; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log("Scenarios are interleaved so that other load on the machine weighs on each of them alike.");

const work = mkdtempSync(join(tmpdir(), "koc-bench-"));
let baselineCount = 0;
function baseline(p: (typeof PROGRAMS)[number]): number {
  const dir = join(work, `${p.className}-${baselineCount++}`);
  mkdirSync(dir);
  writeFileSync(join(dir, `${p.className}.java`), p.code);
  const t = performance.now();
  const c = spawnSync(jdk?.javac ?? "javac", ["--release", "17", `${p.className}.java`], { cwd: dir });
  const r = spawnSync(jdk?.java ?? "java", ["-cp", ".", p.className], { cwd: dir, encoding: "utf8" });
  const ms = performance.now() - t;
  if (c.status !== 0 || !r.stdout.includes(p.expect)) throw new Error(`baseline failed: ${c.stderr}${r.stderr}`);
  return ms;
}

const samples = new Map<string, number[]>();
const add = (scenario: string, program: string, ms: number) => {
  const key = `${scenario}\u0000${program}`;
  samples.set(key, [...(samples.get(key) ?? []), ms]);
};
const PLAIN = "plain javac + java (no sandbox)";
const COLD = "runner, cold (first run after start)";
const SPAWNED = "runner, javac spawned per run";
const WARM = "runner, warm";

try {
  // Cold: the first run of each program right after a runner starts (fresh compiler JVM).
  for (let s = 0; s < COLD_STARTS; s++) {
    const runner = await startRunner({});
    for (const p of PROGRAMS) add(COLD, p.name, await timedRun(runner, { version: "java17", code: p.code }, p.expect));
    await runner.close();
    for (const p of PROGRAMS) add(PLAIN, p.name, baseline(p));
  }

  // Warm (the helper after a few compiles) and javac-per-run, interleaved with the baseline.
  const warm = await startRunner({});
  const spawned = await startRunner({ warmCompiler: false });
  for (const p of PROGRAMS) {
    for (let i = 0; i < 3; i++) await timedRun(warm, { version: "java17", code: p.code }, p.expect);
  }
  const rounds = Math.max(WARM_RUNS, BASELINE_RUNS);
  for (let i = 0; i < rounds; i++) {
    for (const p of PROGRAMS) {
      if (i < WARM_RUNS) add(WARM, p.name, await timedRun(warm, { version: "java17", code: p.code }, p.expect));
      if (i < BASELINE_RUNS) {
        add(PLAIN, p.name, baseline(p));
        add(SPAWNED, p.name, await timedRun(spawned, { version: "java17", code: p.code }, p.expect));
      }
    }
  }
  await warm.close();
  await spawned.close();
} finally {
  rmSync(work, { recursive: true, force: true });
}
for (const scenario of [PLAIN, COLD, SPAWNED, WARM]) {
  for (const p of PROGRAMS)
    rows.push({ scenario, program: p.name, samples: samples.get(`${scenario}\u0000${p.name}`) ?? [] });
}

const pad = (s: string, n: number) => s.padEnd(n);
const num = (v: number) => v.toFixed(0).padStart(7);
console.log("");
console.log(`${pad("scenario", 40)} ${pad("program", 18)}    p50 ms    p95 ms   n`);
for (const r of rows) {
  console.log(
    `${pad(r.scenario, 40)} ${pad(r.program, 18)} ${num(percentile(r.samples, 50))}   ${num(percentile(r.samples, 95))}   ${r.samples.length}`,
  );
}
const base = (program: string) => rows.find((r) => r.program === program && r.scenario.startsWith("plain"));
const warm = (program: string) => rows.find((r) => r.program === program && r.scenario === "runner, warm");
console.log("");
for (const p of PROGRAMS) {
  const b = base(p.name);
  const w = warm(p.name);
  if (b && w) {
    console.log(
      `${p.name}: warm runner p50 is ${(percentile(b.samples, 50) / percentile(w.samples, 50)).toFixed(1)}x faster than plain javac + java, sandbox included`,
    );
  }
}
console.log(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
