/**
 * Where a load bench's time goes, from the two sides: PostgreSQL's `pg_stat_statements` (the
 * statements a stage ran, by total time) and a V8 CPU profile of the server process (`--cpu-prof`,
 * self time by function and by package). Both are optional: the statements need the extension
 * preloaded (`shared_preload_libraries = 'pg_stat_statements'`), and the profile is taken when
 * CPU_PROF is set. Neither passes or fails; they print.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";

export interface StatementProfile {
  /** Clears the counters (call before a stage). */
  reset(): Promise<void>;
  /** Prints the stage's top statements; `focus` also lists every statement matching it. */
  print(title: string, focus?: RegExp): Promise<void>;
  close(): Promise<void>;
}

interface StatementRow {
  query: string;
  calls: number;
  total_ms: number;
  mean_ms: number;
  max_ms: number;
  rows: number;
  shared_blks_hit: number;
  shared_blks_read: number;
}

const oneLine = (sql: string, width = 110) => {
  const flat = sql.replace(/\s+/g, " ").trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
};

/** Opens the statement profile on `url`'s database, or answers why it cannot. */
export async function openStatementProfile(url: string): Promise<StatementProfile | string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("create extension if not exists pg_stat_statements");
    await client.query("select 1 from pg_stat_statements limit 1");
  } catch (error) {
    await client.end();
    return `pg_stat_statements not available (${(error as Error).message}); preload it with shared_preload_libraries = 'pg_stat_statements' and restart PostgreSQL`;
  }
  const own = (text: string) => /pg_stat_statements|pg_catalog|^\s*(begin|commit|rollback)\b/i.test(text);
  return {
    reset: async () => {
      await client.query("select pg_stat_statements_reset()");
    },
    print: async (title, focus) => {
      const { rows } = await client.query<StatementRow>(
        `select query, calls::int, total_exec_time as total_ms, mean_exec_time as mean_ms, max_exec_time as max_ms,
                rows::int, shared_blks_hit::int, shared_blks_read::int
           from pg_stat_statements
          where dbid = (select oid from pg_database where datname = current_database())
          order by total_exec_time desc`,
      );
      const mine = rows.filter((r) => !own(r.query));
      const total = mine.reduce((sum, r) => sum + r.total_ms, 0);
      const calls = mine.reduce((sum, r) => sum + r.calls, 0);
      const line = (r: StatementRow) =>
        `    ${r.calls.toString().padStart(7)} calls  total ${r.total_ms.toFixed(0).padStart(6)} ms  mean ${r.mean_ms.toFixed(2).padStart(7)} ms  max ${r.max_ms.toFixed(1).padStart(7)} ms  ${oneLine(r.query)}`;
      console.log(
        `  ${title}: ${calls} statements, ${total.toFixed(0)} ms in PostgreSQL (pg_stat_statements); the top 8 by total time:`,
      );
      for (const r of mine.slice(0, 8)) console.log(line(r));
      if (focus) {
        const focused = mine.filter((r) => focus.test(r.query));
        const focusTotal = focused.reduce((sum, r) => sum + r.total_ms, 0);
        console.log(`  of them matching ${focus}: ${focused.length} statements, ${focusTotal.toFixed(0)} ms`);
        for (const r of focused) console.log(line(r));
      }
    },
    close: () => client.end(),
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

const packageOf = (url: string) => {
  if (!url) return "(V8 / native)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith("node:")) return "node core";
  const src = url.indexOf("/src/");
  return src >= 0
    ? `ours: ${url
        .slice(src + 1)
        .split("/")
        .slice(0, 3)
        .join("/")}`
    : url;
};

/**
 * Prints the self time of the `.cpuprofile` written by process `pid` in `dir` (by function, then by
 * package). Answers false when there is no such file.
 */
export function printCpuProfile(dir: string, pid: number, top = 12): boolean {
  const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile") && name.includes(`.${pid}.`));
  if (!file) return false;
  const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
  const hits = new Map<number, number>();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let idle = 0;
  for (const node of profile.nodes) {
    const ms = (hits.get(node.id) ?? 0) * msPerSample;
    if (ms === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)" || functionName === "(program)") {
      idle += functionName === "(idle)" ? ms : 0;
      if (functionName === "(idle)") continue;
    }
    const where = url ? `${url.replace(/^.*node_modules\//, "").replace(/^.*\/src\//, "src/")}:${lineNumber + 1}` : "";
    const fn = `${functionName || "(anonymous)"} ${where}`.trim();
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    const pkg = packageOf(url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
  }
  const busy = [...byPackage.values()].reduce((a, b) => a + b, 0);
  const wall = (profile.endTime - profile.startTime) / 1000;
  console.log(
    `  server CPU profile (${file}): ${(busy / 1000).toFixed(1)} s busy of ${(wall / 1000).toFixed(1)} s (idle ${(idle / 1000).toFixed(1)} s); self time by package:`,
  );
  for (const [pkg, ms] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`    ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${(ms / 1000).toFixed(2).padStart(6)} s  ${pkg}`);
  console.log("  by function:");
  for (const [fn, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`    ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${(ms / 1000).toFixed(2).padStart(6)} s  ${fn}`);
  return true;
}
