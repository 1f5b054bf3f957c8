import { existsSync, lstatSync, readdirSync, readlinkSync } from "node:fs";
import { joinArgv, type RunCgroup } from "./cgroup.js";
import { exec } from "./compiler.js";
import type { Jdk } from "./jdk.js";
import type { SandboxLauncher } from "./launcher.js";
import { OUTPUT_LIMIT_BYTES } from "./types.js";

/** The unprivileged user the programs run as (nobody), so RLIMIT_NPROC binds. */
export const SANDBOX_UID = 65534;

/** The lowest uid a slot may take: Debian reserves 65000 to 65533 and never assigns them. */
export const SANDBOX_UID_FLOOR = 65000;

/**
 * The uid for a concurrency slot: the base (nobody by default) for the first, then one lower each
 * (65533, 65532... in Debian's reserved, never-assigned range). RLIMIT_NPROC counts per uid, so a
 * fork bomb in one run cannot starve a run that goes on at the same time in another slot. Several
 * runners on one host (instances, or test workers) each take a base of their own (RUNNER_UID_BASE),
 * or their slots would share a uid and its process count.
 */
export function sandboxUid(slot: number, base = SANDBOX_UID): number {
  return base - slot;
}

export interface SandboxLimits {
  /** Wall time before the whole process tree is killed. */
  wallMs: number;
  /** RLIMIT_CPU, per process. */
  cpuSeconds: number;
  /** RLIMIT_AS per process; the JVM flags below keep the JVM itself under it. */
  addressSpaceBytes: number;
  /** Java heap (-Xmx), in MiB. */
  heapMb: number;
  /**
   * RLIMIT_NPROC for the sandbox user (threads count: a JVM uses about 20), and the run's pids.max
   * when it has a cgroup.
   */
  processes: number;
  /** The whole run's memory (memory.max of its cgroup, when the host allows cgroups). */
  memoryBytes: number;
  /** Size of the private /tmp (tmpfs) and RLIMIT_FSIZE. */
  tmpBytes: number;
  outputBytes: number;
}

/**
 * Without a cgroup, fewer tasks per run: with about 20 threads per JVM, a run can then start at most
 * one more JVM beside its own.
 */
export const RLIMIT_FALLBACK_PROCESSES = 40;

export const DEFAULT_LIMITS: SandboxLimits = {
  wallMs: 10_000,
  cpuSeconds: 5,
  addressSpaceBytes: 1024 * 1024 * 1024,
  heapMb: 256,
  processes: 128,
  memoryBytes: 512 * 1024 * 1024,
  tmpBytes: 32 * 1024 * 1024,
  outputBytes: OUTPUT_LIMIT_BYTES,
};

/**
 * How the sandbox is entered:
 * - "setpriv-userns": the server is root; drop to nobody with setpriv, then bwrap creates an
 *   unprivileged user namespace (the kernel's own checks, no capabilities anywhere).
 * - "root-bwrap": the server is root and unprivileged user namespaces are disabled; bwrap sets up
 *   the mounts as root, drops every capability except setuid/setgid for setpriv inside, which
 *   becomes nobody and clears them.
 * - "userns": the server is not root; bwrap in a user namespace as the server's own user.
 */
export type SandboxMode = "setpriv-userns" | "root-bwrap" | "userns";

export interface Sandbox {
  mode: SandboxMode;
  bwrap: string;
}

const BWRAP_CANDIDATES = ["/usr/bin/bwrap", "/usr/local/bin/bwrap", "/bin/bwrap"];
const SETPRIV = ["/usr/bin/setpriv", "/bin/setpriv"].find((p) => existsSync(p)) ?? "setpriv";
const PRLIMIT = ["/usr/bin/prlimit", "/bin/prlimit"].find((p) => existsSync(p)) ?? "prlimit";

/** Read-only view of the system: /usr, the merged-/usr links, the JDK and its /etc config. */
function systemBinds(jdk: Jdk): string[] {
  const args = ["--ro-bind", "/usr", "/usr"];
  for (const top of ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]) {
    try {
      const st = lstatSync(top);
      if (st.isSymbolicLink()) args.push("--symlink", readlinkSync(top), top);
      else if (st.isDirectory()) args.push("--ro-bind", top, top);
    } catch {
      // absent on this system
    }
  }
  args.push("--ro-bind-try", "/etc/alternatives", "/etc/alternatives");
  args.push("--ro-bind-try", "/etc/ssl/certs/java", "/etc/ssl/certs/java");
  args.push("--ro-bind-try", "/etc/localtime", "/etc/localtime");
  try {
    for (const name of readdirSync("/etc")) {
      if (/^java(-\d+)?(-openjdk)?$/.test(name) || name.startsWith("java-")) {
        args.push("--ro-bind-try", `/etc/${name}`, `/etc/${name}`);
      }
    }
  } catch {
    // no /etc listing
  }
  if (!jdk.home.startsWith("/usr/")) args.push("--ro-bind", jdk.home, jdk.home);
  return args;
}

function prlimitArgs(limits: SandboxLimits): string[] {
  return [
    PRLIMIT,
    `--as=${limits.addressSpaceBytes}`,
    `--cpu=${limits.cpuSeconds}`,
    `--nproc=${limits.processes}`,
    `--fsize=${limits.tmpBytes}`,
    "--core=0",
    "--nofile=256",
    "--",
  ];
}

export interface SandboxCommand {
  jdk: Jdk;
  /** Host folder with the compiled classes, mounted read-only at /app. */
  classesDir: string;
  /** The program to run inside, e.g. ["java", ...]. */
  argv: string[];
  /** The unprivileged uid (and gid) to run as; default nobody. */
  uid?: number;
  /** The run's cgroup (memory and process ceiling for the run as a whole), when the host has one. */
  cgroup?: RunCgroup | undefined;
}

/** The full command line (setpriv / prlimit / bwrap ... program) for one run. */
export function sandboxArgv(sandbox: Sandbox, cmd: SandboxCommand, limits: SandboxLimits): string[] {
  // As root, --unshare-all would also create a user namespace in which nobody is unmapped.
  const unshare =
    sandbox.mode === "root-bwrap"
      ? ["--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"]
      : ["--unshare-all"];
  const common = [
    ...unshare,
    // The program is pid 1 of its namespace: bwrap's own init would outlive the monitor as a zombie
    // that only the host's init reaps; this way the monitor reaps it, and the kernel kills the rest.
    "--as-pid-1",
    "--die-with-parent",
    "--new-session",
    ...systemBinds(cmd.jdk),
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--perms",
    "1777",
    "--size",
    String(limits.tmpBytes),
    "--tmpfs",
    "/tmp",
    "--ro-bind",
    cmd.classesDir,
    "/app",
    // bwrap builds / and /dev on tmpfs that the sandbox user owns: make both read-only, so the
    // private /tmp is the one writable place.
    "--remount-ro",
    "/dev",
    "--remount-ro",
    "/",
    "--chdir",
    "/tmp",
    "--hostname",
    "sandbox",
    "--clearenv",
    "--setenv",
    "PATH",
    `${cmd.jdk.home}/bin:/usr/bin:/bin`,
    "--setenv",
    "HOME",
    "/tmp",
    "--setenv",
    "LANG",
    "C.UTF-8",
    // glibc reserves 64 MB of address space per thread arena; keep the JVM under RLIMIT_AS.
    "--setenv",
    "MALLOC_ARENA_MAX",
    "2",
  ];
  const id = String(cmd.uid ?? SANDBOX_UID);
  // setpriv's switch to the sandbox user, and bubblewrap's own user namespace that cannot make more.
  const asSandboxUser = [SETPRIV, `--reuid=${id}`, `--regid=${id}`, "--clear-groups"];
  const ownUserNamespace = ["--unshare-user", "--disable-userns"];
  switch (sandbox.mode) {
    case "setpriv-userns":
      return [
        ...asSandboxUser,
        "--no-new-privs",
        "--",
        ...prlimitArgs(limits),
        sandbox.bwrap,
        ...ownUserNamespace,
        ...common,
        "--",
        ...cmd.argv,
      ];
    case "root-bwrap":
      return [
        ...prlimitArgs(limits),
        sandbox.bwrap,
        ...common,
        "--cap-drop",
        "ALL",
        "--cap-add",
        "CAP_SETUID",
        "--cap-add",
        "CAP_SETGID",
        "--",
        ...asSandboxUser,
        "--inh-caps=-all",
        "--bounding-set=-all",
        "--no-new-privs",
        "--",
        ...cmd.argv,
      ];
    case "userns":
      return [...prlimitArgs(limits), sandbox.bwrap, ...ownUserNamespace, ...common, "--", ...cmd.argv];
  }
}

/** The JVM flags that keep java under the address-space limit. */
export function jvmArgs(limits: SandboxLimits): string[] {
  return [
    `-Xmx${limits.heapMb}m`,
    "-Xss1m",
    "-XX:MaxMetaspaceSize=96m",
    "-XX:CompressedClassSpaceSize=48m",
    "-XX:ReservedCodeCacheSize=32m",
    "-XX:+UseSerialGC",
    "-XX:TieredStopAtLevel=1",
    "-XX:-UsePerfData",
    "-Xshare:auto",
    "-Dfile.encoding=UTF-8",
    "-Dstdout.encoding=UTF-8",
    "-Dstderr.encoding=UTF-8",
  ];
}

/**
 * Finds bwrap and a way into the sandbox that works on this kernel, by running `java -version` in
 * it. Resolves undefined (with the reason) when there is none: then Java never runs here.
 * `missing` says bwrap is not installed at all (trying again cannot help).
 */
export async function detectSandbox(jdk: Jdk): Promise<{ sandbox?: Sandbox; reason?: string; missing?: true }> {
  const bwrap = BWRAP_CANDIDATES.find((p) => existsSync(p));
  if (!bwrap) return { reason: "bubblewrap (bwrap) is not installed: apt-get install bubblewrap", missing: true };
  const isRoot = process.getuid?.() === 0;
  const modes: SandboxMode[] = isRoot ? ["setpriv-userns", "root-bwrap"] : ["userns"];
  const failures: string[] = [];
  for (const mode of modes) {
    const argv = sandboxArgv(
      { mode, bwrap },
      { jdk, classesDir: "/usr", argv: [jdk.java, ...jvmArgs(DEFAULT_LIMITS), "-version"] },
      DEFAULT_LIMITS,
    );
    const [cmd, ...args] = argv as [string, ...string[]];
    const r = await exec(cmd, args, { timeoutMs: 20_000 });
    if (r.code === 0) return { sandbox: { mode, bwrap } };
    failures.push(`${mode}: ${r.output.trim().split("\n")[0] ?? `exit ${r.code}`}`);
  }
  return { reason: `bubblewrap cannot start a sandbox here (${failures.join("; ")})` };
}

export interface SandboxOutcome {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timedOut: boolean;
  truncated: boolean;
  timeMs: number;
}

/**
 * Runs one program in the sandbox, feeding stdin and capping time and output. The launcher starts
 * it (a spawn from the server's own process would stop its event loop: decision 0034).
 */
export async function runSandboxed(
  launcher: SandboxLauncher,
  sandbox: Sandbox,
  cmd: SandboxCommand,
  limits: SandboxLimits,
  stdin: string | undefined,
): Promise<SandboxOutcome> {
  const argv = [...joinArgv(cmd.cgroup), ...sandboxArgv(sandbox, cmd, limits)] as [string, ...string[]];
  const launched = await launcher.launch({ argv, stdin, outputBytes: limits.outputBytes, wallMs: limits.wallMs });
  const { stdout, code, signal, truncated, timeMs } = launched;
  let { stderr, timedOut } = launched;
  if (cmd.cgroup?.oomKilled()) {
    // The kernel killed a process of the run at the run's memory ceiling: not a time-out.
    stderr += `${stderr && !stderr.endsWith("\n") ? "\n" : ""}Memory limit: the run's processes together went over the ${Math.round(limits.memoryBytes / (1024 * 1024))} MB a run may use, so the system stopped one of them.\n`;
    return { stdout, stderr, exitCode: code ?? 137, timedOut: false, truncated, timeMs };
  }
  // bwrap reports a program killed by a signal as 128 + signal; SIGXCPU (24) / SIGKILL (9)
  // after the CPU limit are a time-out too.
  if (!timedOut && !truncated && (signal === "SIGXCPU" || code === 128 + 24 || code === 128 + 9)) {
    timedOut = true;
  }
  // The flags say why it stopped; the client words it (stderr stays the program's own).
  const exitCode = timedOut || truncated ? null : code;
  if (launched.spawnError) stderr += `Cannot start the sandbox: ${launched.spawnError}\n`;
  return { stdout, stderr, exitCode, timedOut, truncated, timeMs };
}
