import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A memory and process ceiling for each run as a whole (all its processes and threads together):
 * - "cgroup-v2": a child cgroup per run with memory.max, memory.swap.max = 0 and pids.max;
 * - "cgroup-v1": the same with the v1 memory (memory.limit_in_bytes, memsw) and pids controllers;
 * - "rlimits": no cgroup can be made here (not root, no delegation): per-process limits only.
 * The server creates one folder for its runs under its own cgroup and one cgroup per run in it;
 * the sandbox's first process joins the run's cgroup before it execs (see `joinArgv`).
 */
export type CeilingMode = "cgroup-v2" | "cgroup-v1" | "rlimits";

export interface RunCeilingLimits {
  /** Memory of the whole run (resident memory and its private /tmp), in bytes. */
  memoryBytes: number;
  /** Processes and threads of the whole run. */
  pids: number;
}

export interface RunCgroup {
  /** The cgroup.procs files the run's first process writes its pid to. */
  procsFiles: string[];
  /** True when the kernel killed a process of the run for going over memory.max. */
  oomKilled(): boolean;
  /** Kills whatever is left in it and removes it. */
  remove(): Promise<void>;
}

export interface RunCeiling {
  mode: CeilingMode;
  /** A cgroup for one run (undefined in rlimits mode). */
  create(limits: RunCeilingLimits): RunCgroup | undefined;
  /** Removes the server's folder of run cgroups. */
  close(): void;
}

interface Mount {
  point: string;
  fstype: string;
  options: string;
}

function mounts(): Mount[] {
  try {
    return readFileSync("/proc/self/mountinfo", "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [left, right] = line.split(" - ") as [string, string | undefined];
        const point = left.split(" ")[4] ?? "";
        const [fstype = "", , options = ""] = (right ?? "").split(" ");
        return { point: point.replace(/\\040/g, " "), fstype, options };
      });
  } catch {
    return [];
  }
}

/** This process's cgroup path per hierarchy: "" for v2, else the v1 controller names. */
function ownCgroups(): Map<string, string> {
  const map = new Map<string, string>();
  try {
    for (const line of readFileSync("/proc/self/cgroup", "utf8").split("\n")) {
      const m = /^\d+:([^:]*):(.*)$/.exec(line);
      if (!m) continue;
      for (const c of (m[1] ?? "").split(",")) map.set(c, m[2] ?? "/");
    }
  } catch {
    // not Linux
  }
  return map;
}

const write = (file: string, value: string) => writeFileSync(file, value);
const read = (file: string) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
};
const counter = (text: string, key: string) => Number(new RegExp(`^${key} (\\d+)$`, "m").exec(text)?.[1] ?? 0);

async function removeDir(dir: string, killAll: () => void): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt++) {
    killAll();
    try {
      rmdirSync(dir);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function killProcs(dir: string): void {
  for (const pid of read(join(dir, "cgroup.procs")).split("\n").filter(Boolean)) {
    try {
      process.kill(Number(pid), "SIGKILL");
    } catch {
      // gone
    }
  }
}

let runCounter = 0;
let ceilingCounter = 0;

/** This runner's folder name, unique in the process. */
const rootName = () => `koc-runs-${process.pid}-${++ceilingCounter}`;

/** Folders of run cgroups left by server processes that are gone (killed before their close). */
function removeAbandoned(parent: string): void {
  try {
    for (const name of readdirSync(parent)) {
      const m = /^koc-runs-(\d+)(?:-\d+)?$/.exec(name);
      if (!m) continue;
      try {
        process.kill(Number(m[1]), 0);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ESRCH") removeTree(join(parent, name));
      }
    }
  } catch {
    // unreadable
  }
}

function cgroupV2(): RunCeiling | undefined {
  const mount = mounts().find((m) => m.fstype === "cgroup2");
  const own = ownCgroups().get("");
  if (!mount || own === undefined) return undefined;
  const base = join(mount.point, own);
  const has = (dir: string) => read(join(dir, "cgroup.controllers")).split(/\s+/);
  if (!has(base).includes("memory") || !has(base).includes("pids")) return undefined;
  const enable = (dir: string) => {
    const on = read(join(dir, "cgroup.subtree_control")).split(/\s+/);
    if (!on.includes("memory") || !on.includes("pids")) write(join(dir, "cgroup.subtree_control"), "+memory +pids");
  };
  const root = join(base, rootName());
  removeAbandoned(base);
  try {
    try {
      enable(base);
    } catch (err) {
      // "No internal processes": a cgroup with processes cannot hand controllers to children. When
      // this server is the only process in it (a container), it moves into a leaf of its own.
      if ((err as NodeJS.ErrnoException).code !== "EBUSY") throw err;
      const procs = read(join(base, "cgroup.procs")).split("\n").filter(Boolean);
      if (procs.some((p) => Number(p) !== process.pid)) throw err;
      const leaf = join(base, "koc-server");
      mkdirSync(leaf, { recursive: true });
      write(join(leaf, "cgroup.procs"), String(process.pid));
      enable(base);
    }
    mkdirSync(root, { recursive: true });
    enable(root);
  } catch {
    return undefined;
  }
  return {
    mode: "cgroup-v2",
    create(limits) {
      const dir = join(root, `run-${++runCounter}`);
      mkdirSync(dir);
      write(join(dir, "memory.max"), String(limits.memoryBytes));
      if (existsSync(join(dir, "memory.swap.max"))) write(join(dir, "memory.swap.max"), "0");
      write(join(dir, "pids.max"), String(limits.pids));
      const kill = () => {
        try {
          write(join(dir, "cgroup.kill"), "1");
        } catch {
          killProcs(dir);
        }
      };
      return {
        procsFiles: [join(dir, "cgroup.procs")],
        oomKilled: () => counter(read(join(dir, "memory.events")), "oom_kill") > 0,
        remove: () => removeDir(dir, kill),
      };
    },
    close() {
      removeTree(root);
    },
  };
}

function cgroupV1(): RunCeiling | undefined {
  const own = ownCgroups();
  const find = (controller: string) => {
    const m = mounts().find((x) => x.fstype === "cgroup" && x.options.split(",").includes(controller));
    const path = own.get(controller);
    if (!m || path === undefined) return undefined;
    removeAbandoned(join(m.point, path));
    return join(m.point, path, name);
  };
  const name = rootName();
  const memRoot = find("memory");
  const pidsRoot = find("pids");
  if (!memRoot || !pidsRoot) return undefined;
  try {
    mkdirSync(memRoot, { recursive: true });
    mkdirSync(pidsRoot, { recursive: true });
    if (!existsSync(join(memRoot, "memory.limit_in_bytes")) || !existsSync(join(pidsRoot, "pids.max"))) {
      throw new Error("controllers missing");
    }
  } catch {
    removeTree(memRoot);
    removeTree(pidsRoot);
    return undefined;
  }
  return {
    mode: "cgroup-v1",
    create(limits) {
      const name = `run-${++runCounter}`;
      const mem = join(memRoot, name);
      const pids = join(pidsRoot, name);
      mkdirSync(mem);
      mkdirSync(pids);
      write(join(mem, "memory.limit_in_bytes"), String(limits.memoryBytes));
      if (existsSync(join(mem, "memory.memsw.limit_in_bytes"))) {
        write(join(mem, "memory.memsw.limit_in_bytes"), String(limits.memoryBytes));
      }
      write(join(pids, "pids.max"), String(limits.pids));
      return {
        procsFiles: [join(mem, "cgroup.procs"), join(pids, "cgroup.procs")],
        oomKilled: () => counter(read(join(mem, "memory.oom_control")), "oom_kill") > 0,
        remove: async () => {
          await removeDir(mem, () => killProcs(mem));
          await removeDir(pids, () => killProcs(pids));
        },
      };
    },
    close() {
      removeTree(memRoot);
      removeTree(pidsRoot);
    },
  };
}

/** rmdir a folder of (empty) cgroups, children first. */
function removeTree(dir: string): void {
  try {
    for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) removeTree(join(dir, e.name));
    killProcs(dir);
    rmdirSync(dir);
  } catch {
    // gone, or still busy
  }
}

/**
 * The best ceiling this host allows: cgroup v2, else cgroup v1, else rlimits only. `prefer`
 * forces the rlimits fallback (tests of that mode).
 */
export function detectRunCeiling(prefer?: "rlimits"): RunCeiling {
  const found = prefer === "rlimits" ? undefined : (cgroupV2() ?? cgroupV1());
  return found ?? { mode: "rlimits", create: () => undefined, close: () => undefined };
}

/**
 * Prefix for the sandbox command: a shell that writes its own pid to the run's cgroup.procs
 * files, then execs the sandbox, so every process of the run starts inside the cgroup.
 */
export function joinArgv(cgroup: RunCgroup | undefined): string[] {
  if (!cgroup) return [];
  return [
    "/bin/sh",
    "-c",
    'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 125; shift; n=$((n-1)); done; exec "$@"',
    "koc-run",
    String(cgroup.procsFiles.length),
    ...cgroup.procsFiles,
  ];
}
