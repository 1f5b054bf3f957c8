/**
 * The local runner end to end: POST /api/run compiles with the installed JDKs and runs inside
 * bubblewrap. Skipped (with the reason) only when this machine has no JDK or no working bwrap.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import type { RunResult } from "@koc/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestRunner, type TestDatabase, testRunnerUidBase } from "../../../test/harness.js";
import { discoverJdks } from "../../adapters/code-runner/jdk.js";
import { createLocalRunner } from "../../adapters/code-runner/local.js";
import { sandboxUid } from "../../adapters/code-runner/sandbox.js";
import type { CodeRunner, RunJob } from "../../adapters/code-runner/types.js";
import { buildApp } from "../../app.js";

const LIMITS = { cpuSeconds: 3, wallMs: 6_000 };
/** This worker's uids: other test files run programs at the same time, as uids of their own. */
const UID_BASE = testRunnerUidBase();
const COMPILE_LIMITS = { cpuSeconds: 5, wallMs: 15_000 };
const local = await createTestRunner("sandbox tests", {
  uidBase: UID_BASE,
  limits: LIMITS,
  compileLimits: COMPILE_LIMITS,
});
const runner = local.runner as CodeRunner;
const versions = local.runner ? (await local.runner.status()).versions : undefined;

/** Processes the sandbox user still has on the machine (none may outlive a run). */
function sandboxUserProcesses(): string[] {
  try {
    const uids = [sandboxUid(0, UID_BASE), sandboxUid(1, UID_BASE)].join(",");
    return execFileSync("ps", ["-u", uids, "-o", "pid=,comm="], { encoding: "utf8" })
      .split("\n")
      .filter((l) => l.trim());
  } catch {
    return []; // ps exits 1 when there are none
  }
}

/**
 * The sandbox user's processes once the kernel has finished tearing a run down: a run answers when
 * its pid 1 is gone, and the kernel then kills the rest of its PID namespace, which on a loaded
 * machine can take a moment for JVMs holding hundreds of MB. Anything still there after 5 s is left over.
 */
async function leftOver(): Promise<string[]> {
  for (let waited = 0; waited < 5000; waited += 100) {
    if (sandboxUserProcesses().length === 0) return [];
    await new Promise((r) => setTimeout(r, 100));
  }
  return sandboxUserProcesses();
}

afterAll(() => runner?.close());

/**
 * The parent and four child JVMs (and a thread in each) that each touch 150 MB: 750 MB for one run,
 * each JVM well inside its own 256 MB heap (so none fails on its own limit: only the run's ceiling
 * stops them). The parent holds its 150 MB before the children start, so the ceiling is reached
 * within the first two children's allocations, long before a loaded machine's wall limit.
 */
const MEMORY_HOG = `import java.util.*;
public class Hog {
  static void hold(List<byte[]> kept, int mb) {
    for (int i = 0; i < mb / 10; i++) { byte[] b = new byte[10 << 20]; Arrays.fill(b, (byte) 1); kept.add(b); }
  }
  public static void main(String[] a) throws Exception {
    List<byte[]> kept = Collections.synchronizedList(new ArrayList<>());
    if (a.length > 0) {
      Thread t = new Thread(() -> hold(kept, 70));
      t.start();
      hold(kept, 80);
      t.join();
      System.out.println("allocated " + kept.size() * 10 + " MB");
      Thread.sleep(3000);
      return;
    }
    hold(kept, 150);
    List<Process> children = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      try {
        children.add(new ProcessBuilder("java", "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "-XX:CompressedClassSpaceSize=32m", "-XX:ReservedCodeCacheSize=16m", "-cp", "/app", "Hog", "child")
          .redirectErrorStream(true).start());
      } catch (Exception e) {
        System.out.println("child failed to start: " + e.getMessage());
      }
    }
    for (Process p : children) {
      String out = new String(p.getInputStream().readAllBytes()).trim();
      int code = p.waitFor();
      System.out.println(code == 0 ? "child " + out : "child exited " + code + (code == 1 ? " (failed: " + out.split("\\n")[0] + ")" : ""));
    }
    System.out.println("parent still holds " + kept.size() * 10 + " MB");
  }
}`;

describe("the sandbox uids", () => {
  it("refuses a base whose slots would leave the reserved range, before it starts anything", async () => {
    await expect(createLocalRunner({ uidBase: 65001, concurrency: 4 })).rejects.toThrow(/65001.*down to 64998/);
    await expect(createLocalRunner({ uidBase: 65535 })).rejects.toThrow(/65535/);
    await expect(createLocalRunner({ uidBase: 1000 })).rejects.toThrow(/1000/);
  });
});

describe.skipIf(!local.runner)("the fallback where no cgroup can be made (rlimits only)", () => {
  let fallback: CodeRunner | undefined;
  beforeAll(async () => {
    fallback = (await createLocalRunner({ uidBase: UID_BASE, limits: LIMITS, ceiling: "rlimits" })).runner;
  });
  afterAll(() => fallback?.close());

  it("reports the mode, and the much lower process limit keeps child JVMs from starting", async () => {
    const runnerHere = fallback as CodeRunner;
    expect((await runnerHere.status()).limits).toEqual({ ceiling: "rlimits", memoryMb: null, processes: 40 });
    const r = await runnerHere.run({ version: "java17", code: MEMORY_HOG });
    expect(r.stdout).toMatch(/child exited 1 \(failed/);
    expect(await leftOver()).toEqual([]);
  });

  it("keeps the compiler helper and run folders in a private folder of its own, removed at close", async () => {
    const workRoot = (fallback as CodeRunner & { workRoot: string }).workRoot;
    const root = dirname(workRoot);
    expect(dirname(root)).toBe(tmpdir());
    expect(basename(root)).toMatch(/^koc-runner-[A-Za-z0-9]{6}$/);
    const st = statSync(root);
    expect(st.mode & 0o777).toBe(0o711);
    expect(st.uid).toBe(process.getuid?.());
    expect(statSync(join(root, "javac-helper")).mode & 0o777).toBe(0o700);
    await fallback?.close();
    fallback = undefined;
    expect(existsSync(root)).toBe(false);
  });
});

describe.skipIf(!local.runner)("the compiler helper kept in a cache folder (the server's is in DATA_DIR)", () => {
  it("is compiled once, owner-only, and a later start uses it without compiling it again", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "koc-helper-cache-"));
    // One JDK: two warm compilers per runner are enough to show it.
    const jdks = discoverJdks().slice(0, 1);
    const helperClass = () => {
      const [key, ...others] = readdirSync(cacheDir);
      expect(others).toEqual([]); // no build or warm-up folder left beside it
      return join(cacheDir, key as string, "KocCompileServer.class");
    };
    try {
      const first = (await createLocalRunner({ uidBase: UID_BASE, limits: LIMITS, jdks, cacheDir })).runner;
      await first?.close();
      const built = statSync(helperClass());
      expect(statSync(dirname(helperClass())).mode & 0o777).toBe(0o700);
      expect(built.mode & 0o777).toBe(0o600);

      const second = (await createLocalRunner({ uidBase: UID_BASE, limits: LIMITS, jdks, cacheDir })).runner;
      try {
        const served = Object.entries((await (second as CodeRunner).status()).versions).filter(([, ok]) => ok);
        const version = served[0]?.[0] as RunJob["version"];
        const r = await (second as CodeRunner).run({
          version,
          code: 'public class Main { public static void main(String[] a) { System.out.println("from the kept helper"); } }',
        });
        expect([r.compileError, r.stderr, r.exitCode]).toEqual([undefined, "", 0]);
        expect(r.stdout).toBe("from the kept helper\n");
      } finally {
        await second?.close();
      }
      const kept = statSync(helperClass());
      expect([kept.ino, kept.mtimeMs]).toEqual([built.ino, built.mtimeMs]);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});

// On one engine: a run reads and writes no database (its rate limit is in memory or Redis), so the
// second engine ran the same sandbox again and tried nothing more (37 s of the suite's time).
describe.skipIf(!local.runner)("POST /api/run in the local sandbox", () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    // The runner is this file's (closed once, at its end), so the app must not close it.
    app = await buildApp({ database, codeRunner: { ...runner, close: async () => undefined } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });
  afterEach(async () => {
    // Whatever the program did, the server still answers and nothing of it is left running.
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(await leftOver()).toEqual([]);
  });

  async function run(code: string, extra: { version?: string; stdin?: string } = {}) {
    const res = await app.inject({
      method: "POST",
      url: "/api/run",
      payload: { language: "java", version: extra.version ?? "java17", code, stdin: extra.stdin },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RunResult;
  }

  it("reports the local engine and the versions it can target", async () => {
    const res = await app.inject({ method: "GET", url: "/api/run/status" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ engine: "local", versions, limits: (await runner.status()).limits });
    expect(res.json().limits.ceiling).toMatch(/^(cgroup-v2|cgroup-v1|rlimits)$/);
    expect(versions).toMatchObject({ java7: true, java8: true, java17: true });
  });

  const samples: Record<string, string> = {
    java7: `import java.util.*;
public class Hello {
  public static void main(String[] args) {
    List<String> words = new ArrayList<>(Arrays.asList("Hello", "Java", "7"));
    StringBuilder line = new StringBuilder();
    for (String w : words) line.append(line.length() == 0 ? "" : " ").append(w);
    try (Scanner unused = new Scanner("")) { System.out.println(line); }
  }
}`,
    java8: `import java.util.*;
import java.util.stream.*;
public class Hello {
  public static void main(String[] args) {
    System.out.println(Stream.of("Hello", "Java", "8").map(s -> s).collect(Collectors.joining(" ")));
  }
}`,
    java17: `public class Hello {
  record Greeting(String text, int version) {}
  public static void main(String[] args) {
    var g = new Greeting("Hello Java", 17);
    String s = switch (g.version()) { case 17 -> g.text() + " " + g.version(); default -> "?"; };
    System.out.println(s);
  }
}`,
    java21: `public class Hello {
  sealed interface Shape permits Circle {}
  record Circle(int r) implements Shape {}
  public static void main(String[] args) {
    Shape s = new Circle(21);
    String text = switch (s) { case Circle(int r) -> "Hello Java " + r; };
    System.out.println(text);
  }
}`,
  };

  for (const version of ["java7", "java8", "java17", "java21"] as const) {
    it(`runs hello world with ${version}'s features, or names what to install`, async () => {
      const code = samples[version] as string;
      if (!versions?.[version]) {
        const res = await app.inject({ method: "POST", url: "/api/run", payload: { language: "java", version, code } });
        expect(res.statusCode).toBe(422);
        expect(res.json().message).toMatch(/^Java \d+ is not available on this server.*(JDK \d+|install)/);
        return;
      }
      const r = await run(code, { version });
      expect(r).toMatchObject({ stdout: `Hello Java ${version.slice(4)}\n`, exitCode: 0, timedOut: false });
      expect(r.compileError).toBeUndefined();
    });
  }

  it("compiles for the chosen release: a lambda is a compile error in Java 7", async () => {
    const r = await run("public class Main { public static void main(String[] a) { Runnable r = () -> {}; } }", {
      version: "java7",
    });
    expect(r.compileError).toMatch(/lambda expressions are not supported in -source 7/);
  });

  it("answers a compile error with javac's diagnostics and runs nothing", async () => {
    const r = await run('public class Main {\n  public static void main(String[] a) {\n    int x = "text";\n  }\n}\n');
    expect(r.compileError).toMatch(/^Main\.java:3: error: incompatible types: String cannot be converted to int/);
    expect(r.compileError).not.toContain(tmpdir());
    expect(r).toMatchObject({ stdout: "", exitCode: null, timedOut: false, truncated: false });
  });

  it("reports an uncaught exception with its stack trace and exit code 1", async () => {
    const r = await run(
      'public class Main { public static void main(String[] a) { System.out.println("before"); throw new IllegalStateException("boom"); } }',
    );
    expect(r.stdout).toBe("before\n");
    expect(r.stderr).toMatch(/Exception in thread "main" java\.lang\.IllegalStateException: boom/);
    expect(r.exitCode).toBe(1);
  });

  it("feeds stdin to the program", async () => {
    const r = await run(
      `import java.util.Scanner;
public class Sum { public static void main(String[] a) {
  Scanner in = new Scanner(System.in);
  String name = in.next(); int x = in.nextInt(), y = in.nextInt();
  System.out.println(name + " " + (x + y));
} }`,
      { stdin: "Kattappa 40 2\n" },
    );
    expect(r).toMatchObject({ stdout: "Kattappa 42\n", exitCode: 0 });
  });

  it("runs a class without public main holder name and keeps UTF-8 output", async () => {
    const r = await run(
      'class Helper {}\nclass Program { public static void main(String[] a) { System.out.println("héllo ✓"); } }',
    );
    expect(r).toMatchObject({ stdout: "héllo ✓\n", exitCode: 0 });
  });

  it("stops an infinite loop at the CPU limit", async () => {
    const r = await run(
      "public class Main { public static void main(String[] a) { long n = 0; while (true) { n++; } } }",
    );
    expect(r).toMatchObject({ timedOut: true, exitCode: null });
    expect(r.stderr).toBe("");
    expect(r.timeMs).toBeLessThan(LIMITS.wallMs + 2_000);
  });

  it("stops a sleeping program at the wall-time limit", async () => {
    const r = await run(
      "public class Main { public static void main(String[] a) throws Exception { Thread.sleep(60_000); } }",
    );
    expect(r).toMatchObject({ timedOut: true, exitCode: null });
    expect(r.timeMs).toBeGreaterThanOrEqual(LIMITS.wallMs - 100);
    expect(r.timeMs).toBeLessThan(LIMITS.wallMs + 2_000);
  });

  it("holds against a fork bomb (process limit, every process killed at the end)", async () => {
    const bomb = run(`import java.util.*;
public class Bomb {
  public static void main(String[] a) throws Exception {
    List<Process> children = new ArrayList<>();
    int started = 0;
    try {
      while (true) {
        children.add(new ProcessBuilder("java", "-Xmx16m", "-XX:+UseSerialGC", "-cp", "/app", "Bomb").start());
        children.add(new ProcessBuilder("sh", "-c", "f(){ f | f & }; f").start());
        started += 2;
      }
    } catch (Throwable e) {
      System.out.println("stopped after " + started + " processes: " + e.getClass().getSimpleName());
    }
    Thread.sleep(60_000);
  }
}`);
    // A run going on at the same time (another slot, another uid) is not starved of processes.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const during = await run(`public class Main { public static void main(String[] a) throws Exception {
  Thread t = new Thread(() -> System.out.println("still fine")); t.start(); t.join();
} }`);
    expect(during).toMatchObject({ stdout: "still fine\n", exitCode: 0 });
    // The bomb ends (limit or time-out) with a clear result, and the afterEach finds no process left.
    const r = await bomb;
    expect(r.timedOut || r.stdout.includes("stopped after")).toBe(true);
    expect(r.timeMs).toBeLessThan(LIMITS.wallMs + 3_000);
  });

  it("refuses to allocate 2 GB (heap limit): OutOfMemoryError", async () => {
    const r = await run(`public class Main { public static void main(String[] a) {
  byte[][] chunks = new byte[2048][];
  for (int i = 0; i < chunks.length; i++) chunks[i] = new byte[1024 * 1024];
  System.out.println("allocated 2 GB");
} }`);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/OutOfMemoryError/);
    expect(r.exitCode).not.toBe(0);
    expect(r.timedOut).toBe(false);
  });

  it("runs as its slot's unprivileged uid with no capabilities, in its own PID namespace", async () => {
    const r = await run(`import java.nio.file.*;
public class Main { public static void main(String[] a) throws Exception {
  for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
    if (line.startsWith("Uid:") || line.startsWith("CapEff:")) System.out.println(line.replaceAll("\\\\s+", " "));
  }
  System.out.println("pid " + ProcessHandle.current().pid());
} }`);
    expect(r.stdout).toBe(`Uid: ${UID_BASE} ${UID_BASE} ${UID_BASE} ${UID_BASE}\nCapEff: 0000000000000000\npid 1\n`);
  });

  it("has nothing writable but its private /tmp", async () => {
    const hostFile = join(process.cwd(), `sandbox-escape-${process.pid}.txt`);
    const r = await run(`import java.nio.file.*;
public class Main { public static void main(String[] a) {
  String[] targets = { "/tmp/ok.txt", "/app/x.txt", "/usr/x.txt", "/etc/x.txt", "/x.txt", "/home/x.txt", "/root/x.txt", "/dev/shm/x.txt", "${hostFile}" };
  for (String t : targets) {
    try { Files.write(Paths.get(t), "x".getBytes()); System.out.println("wrote " + t); }
    catch (Exception e) { System.out.println("denied " + t); }
  }
} }`);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toBe("wrote /tmp/ok.txt");
    expect(lines.slice(1).every((l) => l.startsWith("denied "))).toBe(true);
    expect(lines).toHaveLength(9);
    expect(existsSync(hostFile)).toBe(false);
  });

  it("cannot read another run's files, even while that run is going", async () => {
    const writer = run(`import java.nio.file.*;
public class Main { public static void main(String[] a) throws Exception {
  Files.write(Paths.get("/tmp/secret.txt"), "s3cret".getBytes());
  System.out.println("written");
  Thread.sleep(2500);
  System.out.println(new String(Files.readAllBytes(Paths.get("/tmp/secret.txt"))));
} }`);
    await new Promise((r) => setTimeout(r, 900));
    const hostRuns = (runner as CodeRunner & { workRoot: string }).workRoot;
    const reader = await run(`import java.io.*;
import java.nio.file.*;
public class Main { public static void main(String[] a) {
  String[] inTmp = new File("/tmp").list();
  System.out.println("tmp has " + (inTmp == null ? 0 : inTmp.length));
  for (String p : new String[] { "/tmp/secret.txt", "${hostRuns}" }) {
    try { Files.readAllBytes(Paths.get(p)); System.out.println("read " + p); }
    catch (Exception e) { System.out.println("cannot read " + p); }
  }
} }`);
    expect(reader.stdout).toBe(`tmp has 0\ncannot read /tmp/secret.txt\ncannot read ${hostRuns}\n`);
    expect((await writer).stdout).toBe("written\ns3cret\n");
  });

  describe("network", () => {
    let server: Server;
    let port = 0;
    beforeAll(async () => {
      server = createServer((s) => s.end("hello from the host\n"));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("cannot open a socket: no network at all, not even the host's loopback", async () => {
      const r = await run(`import java.net.*;
public class Main { public static void main(String[] a) {
  String[][] targets = { { "127.0.0.1", "${port}" }, { "1.1.1.1", "80" }, { "example.com", "443" } };
  for (String[] t : targets) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(t[0], Integer.parseInt(t[1])), 2000);
      System.out.println("connected " + t[0]);
    } catch (Exception e) { System.out.println("blocked " + t[0]); }
  }
} }`);
      expect(r.stdout).toBe("blocked 127.0.0.1\nblocked 1.1.1.1\nblocked example.com\n");
    });
  });

  it("stops a program printing 100 MB and returns the first 64 KB (truncated)", async () => {
    const r = await run(`public class Main { public static void main(String[] a) {
  StringBuilder line = new StringBuilder();
  for (int i = 0; i < 1023; i++) line.append('x');
  String s = line.toString();
  for (int i = 0; i < 100 * 1024; i++) System.out.println(s);
} }`);
    expect(r.truncated).toBe(true);
    expect(Buffer.byteLength(r.stdout)).toBe(64 * 1024);
    expect(r.exitCode).toBeNull();
    expect(r.timedOut).toBe(false);
  });

  it("holds a run's processes to one memory ceiling: child JVMs that each allocate cannot take the host's memory", async () => {
    const { limits } = await runner.status();
    const r = await run(MEMORY_HOG);
    // However the run ends, it ended: the server answers and nothing is left (afterEach).
    if (limits?.ceiling === "rlimits") {
      // No cgroup here: the lower process limit keeps the children from all starting.
      expect(r.stdout).toMatch(/child exited 1 \(failed/);
    } else {
      expect(limits).toMatchObject({ memoryMb: 512, processes: 128 });
      // The whole outcome in each message: a failure on a loaded machine says how the run ended.
      const outcome = JSON.stringify(r);
      expect(r.stderr, outcome).toMatch(
        /Memory limit: the run's processes together went over the 512 MB a run may use/,
      );
      // The kernel stops whichever process it picks at the ceiling: a child (the parent reports it),
      // or the parent JVM itself (then the run's exit status is the kill's, 137).
      if (!/child exited 137/.test(r.stdout)) expect(r.exitCode, outcome).toBe(137);
      // The parent and three children would hold 600 MB of arrays alone: at most two children
      // finish theirs (each keeps it 3 s, so they cannot take turns within the 6 s wall limit).
      expect(r.stdout.match(/^child allocated 150 MB$/gm)?.length ?? 0, outcome).toBeLessThan(3);
      expect(r.timedOut, outcome).toBe(false);
    }
  });

  describe("hostile sources for the compiler", () => {
    /** Nested conditionals as arguments of overloaded generic methods: javac's work doubles per level. */
    const slowToCompile = `import java.util.*;
public class Main {
  static <T> List<T> m(T t) { return null; }
  static <T> Set<T> m(Collection<T> t) { return null; }
  static boolean b;
  public static void main(String[] a) { Object o = ${"m(b ? m(".repeat(14)}1${") : null)".repeat(14)}; }
}`;
    const HELLO = 'public class Main { public static void main(String[] a) { System.out.println("hello"); } }';

    it("stops a compile that would take minutes, while other runs still compile and run", async () => {
      expect(Buffer.byteLength(slowToCompile)).toBeLessThan(480);
      let slowDone = false;
      const slow = run(slowToCompile).then((r) => {
        slowDone = true;
        return r;
      });
      // A second warm compiler serves the others meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const other = await run(HELLO);
      expect(other).toMatchObject({ stdout: "hello\n", exitCode: 0 });
      expect(slowDone).toBe(false);
      const r = await slow;
      expect(r.compileError).toMatch(/^Compilation took too long and was stopped \(the limit is 5 s of processor time/);
      expect(r).toMatchObject({ stdout: "", exitCode: null });
      expect(await run(HELLO)).toMatchObject({ stdout: "hello\n", exitCode: 0 });
    });

    it("stops constant folding that runs the compiler out of memory, and the next compile works", async () => {
      let code = 'public class Main {\n  static final String A0 = "xxxxxxxxxxxxxxxx";\n';
      for (let i = 1; i <= 40; i++) code += `  static final String A${i} = A${i - 1} + A${i - 1};\n`;
      code += "  public static void main(String[] a) { System.out.println(A40.length()); }\n}\n";
      const r = await run(code);
      expect(r.compileError).toMatch(/^Compilation ran out of memory and was stopped/);
      expect(await run(HELLO)).toMatchObject({ stdout: "hello\n", exitCode: 0 });
    });

    it("stops a small source that would write a huge class file", async () => {
      let code = 'public class Main {\n  static final String A0 = "xxxxxxxxxxxxxxxx";\n';
      for (let i = 1; i <= 11; i++) code += `  static final String A${i} = A${i - 1} + A${i - 1};\n`;
      // Each method holds its own 32 KB string constant: an 11 KB source, about 10 MB of class file.
      for (let i = 0; i < 300; i++) code += `static String f${i}(){return A11+${i};}\n`;
      code += "  public static void main(String[] a) {}\n}\n";
      expect(code.length).toBeLessThan(12_000);
      const r = await run(code);
      expect(r.compileError).toMatch(/^Compilation was stopped: the compiled classes would be larger than 4 MB/);
      expect(await run(HELLO)).toMatchObject({ stdout: "hello\n", exitCode: 0 });
    });

    it("answers /api/health at once while a 100 KB hostile source is handled", async () => {
      const hostile = `${"\n".repeat(50_000)}${"/* ".repeat(16_000)}`;
      expect(hostile.length).toBeLessThanOrEqual(100_000);
      let runDone = false;
      const pending = app
        .inject({ method: "POST", url: "/api/run", payload: { language: "java", code: hostile } })
        .then((res) => {
          runDone = true;
          return res;
        });
      const asked = performance.now();
      const health = await app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
      expect(runDone).toBe(false);
      // The issue's own bound: the quadratic detection kept health waiting 4 to 5 s (20 s here).
      expect(performance.now() - asked).toBeLessThan(2_000);
      const res = await pending;
      expect(res.statusCode).toBe(200);
      expect(res.json().compileError).toMatch(/unclosed comment/);
    });
  });

  it("returns System.exit(3)'s status with the output before it", async () => {
    const r = await run(
      'public class Main { public static void main(String[] a) { System.out.println("bye"); System.exit(3); } }',
    );
    expect(r).toMatchObject({ stdout: "bye\n", exitCode: 3, timedOut: false, truncated: false });
  });
});
