/** The real server as a child process, for crash, start-up and multi-instance tests. */
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { sqlTemplateName } from "../src/adapters/sql-runner/pool.js";
import { serverRoot } from "../src/paths.js";
import { createPostgresDatabase } from "./databases.js";

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

/**
 * How the real server is started: the build's `dist/main.js` when no file it was built from (the
 * build lists them in `dist/inputs.json`) is newer than it, as after `npm test`'s own build; else
 * `src/main.ts` through tsx, so a change not built yet is what runs. A start from dist/ took
 * 8.8 CPU-s here, against 10.7 through tsx and its esbuild process; the four files that start
 * servers took 166 CPU-s instead of 180.
 */
export function serverEntry(): string[] {
  const built = join(serverRoot, "dist", "main.js");
  try {
    const builtAt = statSync(built).mtimeMs;
    const inputs = JSON.parse(readFileSync(join(serverRoot, "dist", "inputs.json"), "utf8")) as string[];
    if (inputs.length > 0 && inputs.every((f) => statSync(join(serverRoot, f)).mtimeMs <= builtAt)) return [built];
  } catch {
    // not built, or built before the build listed its inputs, or a listed file is gone
  }
  return ["--import", "tsx", join(serverRoot, "src", "main.ts")];
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  output(): string;
  /** Waits until /api/ready answers 200; `seconds` (default 120) for a start on a busy machine. */
  ready(seconds?: number): Promise<void>;
}

/**
 * Starts the server (serverEntry) on a free port (CODE_RUNNER=off unless env says otherwise);
 * `nodeArgs` go to node before the script (the bench's `--cpu-prof`, which NODE_OPTIONS does not
 * take). `quiet` drops its log unread, as a log shipper would take it (a bench's info log would
 * fill memory).
 * `keptSqlTemplate` (default true) first puts the run's prepared SQL template (global-setup.ts) in
 * DATA_DIR, where a server that started there before keeps its own: a test that watches the first
 * start make it passes false.
 */
export async function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  { quiet = false, keptSqlTemplate = true } = {},
): Promise<ServerProcess> {
  const template = process.env.KOC_TEST_SQL_TEMPLATE_DIR;
  if (keptSqlTemplate && template && env.DATA_DIR) {
    const file = join(env.DATA_DIR, sqlTemplateName());
    mkdirSync(env.DATA_DIR, { recursive: true, mode: 0o700 });
    if (!existsSync(file)) copyFileSync(join(template, sqlTemplateName()), file);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, [...nodeArgs, ...serverEntry()], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      CODE_RUNNER: "off",
      DATABASE_URL: "",
      REDIS_URL: "",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", quiet ? "ignore" : "pipe", quiet ? "ignore" : "pipe"],
  });
  child.stdout?.on("data", (d) => {
    output += String(d);
  });
  child.stderr?.on("data", (d) => {
    output += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const ready = async (seconds = 120) => {
    for (let i = 0; i < seconds * 4; i++) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`server exited early with ${child.exitCode}: ${output.slice(-2000)}`);
      try {
        const res = await fetch(`${base}/api/ready`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server did not become ready: ${output.slice(-2000)}`);
  };
  return { child, base, exited, output: () => output, ready };
}

/** A fresh, empty PostgreSQL database on the TEST_DATABASE_URL server; drop() removes it. */
export const createEmptyPostgresDatabase = (adminUrl: string) => createPostgresDatabase(adminUrl, "koc_proc");

/** JSON request against a running server; never throws for HTTP statuses. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers["x-forwarded-for"] = options.ip;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json: json as Record<string, unknown> & unknown[] };
}
