/**
 * The sandbox launcher starts the runs in a small process of its own, not in the server: a spawn
 * from the server stopped its event loop for about 40 ms (decision 0034). It keeps the caps of a
 * run, answers a run it lost, starts again, and takes every run with it when it is closed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SandboxLauncher } from "./launcher.js";

const sh = (script: string, limits: { wallMs?: number; outputBytes?: number } = {}) => ({
  argv: ["sh", "-c", script] as [string, ...string[]],
  stdin: undefined,
  outputBytes: limits.outputBytes ?? 64 * 1024,
  wallMs: limits.wallMs ?? 10_000,
});
const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
const until = async (check: () => boolean, ms = 5000) => {
  for (let waited = 0; !check() && waited < ms; waited += 50) await new Promise((r) => setTimeout(r, 50));
  return check();
};

describe("the sandbox launcher", () => {
  let launcher: SandboxLauncher;
  const dirs: string[] = [];
  afterEach(async () => {
    await launcher?.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("starts a run from its own process, feeds stdin and answers its output and exit code", async () => {
    launcher = new SandboxLauncher();
    const run = await launcher.launch({ ...sh('echo "parent $PPID"; cat; echo oops >&2; exit 3'), stdin: "a raven\n" });
    const parent = Number(/parent (\d+)/.exec(run.stdout)?.[1]);
    expect(parent).toBeGreaterThan(0);
    expect(parent).not.toBe(process.pid);
    expect(run.stdout).toContain("a raven\n");
    expect(run).toMatchObject({ stderr: "oops\n", code: 3, timedOut: false, truncated: false });
  });

  it("ends a run past its wall time, and one that prints more than it may", async () => {
    launcher = new SandboxLauncher();
    const [slow, loud] = await Promise.all([
      launcher.launch(sh("sleep 20", { wallMs: 300 })),
      launcher.launch(sh("yes kattappa", { outputBytes: 1000 })),
    ]);
    expect(slow).toMatchObject({ timedOut: true, truncated: false });
    expect(loud).toMatchObject({ timedOut: false, truncated: true });
    expect(Buffer.byteLength(loud.stdout)).toBe(1000);
  });

  it("answers the runs of a launcher that died as not started, and starts again for the next", async () => {
    launcher = new SandboxLauncher();
    const dir = mkdtempSync(join(tmpdir(), "koc-launcher-"));
    dirs.push(dir);
    const pidFile = join(dir, "launcher-pid");
    const lost = launcher.launch(sh(`echo $PPID > ${pidFile}; sleep 20`));
    expect(await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "")).toBe(true);
    process.kill(Number(readFileSync(pidFile, "utf8")), "SIGKILL");
    const answer = await lost;
    expect(answer.code).toBeNull();
    expect(answer.spawnError).toMatch(/sandbox launcher stopped/);
    const next = await launcher.launch(sh("echo again"));
    expect(next).toMatchObject({ stdout: "again\n", code: 0 });
  });

  it("answers a run as not started when no launcher can be started, and tries again at the next run", async () => {
    const dir = mkdtempSync(join(tmpdir(), "koc-launcher-"));
    dirs.push(dir);
    // A launcher that exits before it is ready, as one that cannot be forked would never answer.
    const script = join(dir, "broken-launcher.mjs");
    writeFileSync(script, "process.exit(7);\n");
    launcher = new SandboxLauncher(script);
    await expect(launcher.start()).rejects.toThrow(/exited at start \(7\)/);
    const run = await launcher.launch(sh("echo never"));
    expect(run).toMatchObject({ stdout: "", code: null, timedOut: false });
    expect(run.spawnError).toMatch(/sandbox launcher did not start .*exited at start \(7\)/);
    // Mended between runs (here: the script), the next run starts a launcher and runs.
    writeFileSync(script, readFileSync(new URL("./sandbox-launcher.mjs", import.meta.url), "utf8"));
    expect(await launcher.launch(sh("echo mended"))).toMatchObject({ stdout: "mended\n", code: 0 });
  });

  it("takes the runs still going on with it when it is closed (as when the server goes away)", async () => {
    launcher = new SandboxLauncher();
    const dir = mkdtempSync(join(tmpdir(), "koc-launcher-"));
    dirs.push(dir);
    const pidFile = join(dir, "run-pid");
    const running = launcher.launch(sh(`sleep 30 & echo $! > ${pidFile}; wait`));
    expect(await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "")).toBe(true);
    const sleeper = Number(readFileSync(pidFile, "utf8"));
    expect(alive(sleeper)).toBe(true);
    await launcher.close();
    expect((await running).spawnError).toMatch(/sandbox launcher stopped/);
    expect(await until(() => !alive(sleeper))).toBe(true);
    await expect(launcher.launch(sh("echo late"))).rejects.toThrow(/closed/);
  });
});
