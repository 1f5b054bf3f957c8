import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RateLimitedError, UnsupportedError } from "../../errors.js";
import { detectEntry, lastScanSteps, stripJavaNoise } from "./class-name.js";
import { createCodeRunnerFromConfig } from "./index.js";
import { discoverJdks } from "./jdk.js";
import { createJudge0Runner, JUDGE0_UNIT_TESTS_MESSAGE, jdkMajorOf, judge0ScriptLanguage } from "./judge0.js";
import { createLocalRunner, installHint } from "./local.js";
import { JobQueue, RUNNER_BUSY_VISITORS } from "./queue.js";

const quietLog = { info: () => undefined, warn: () => undefined };

describe("detectEntry", () => {
  it("names the file after the public class and runs the class that declares main", () => {
    expect(detectEntry("public class Hello { public static void main(String[] a) {} }")).toEqual({
      fileClass: "Hello",
      mainClass: "Hello",
    });
    expect(detectEntry("class A {}\nclass Program { public static void main(String[] a) {} }")).toEqual({
      fileClass: "Main",
      mainClass: "Program",
    });
  });

  it("ignores comments and strings, follows nesting and packages", () => {
    const code = `package demo.app;
// public class Fake {}
/* public class AlsoFake { static void main(String[] a) {} } */
public final class Real {
  static class Helper { void run() { String s = "class Nope {"; } }
  public static void main(String[] args) { new Helper().run(); }
}`;
    expect(detectEntry(code)).toEqual({ fileClass: "Real", mainClass: "demo.app.Real" });
    expect(detectEntry("public class Outer { static class Inner { public static void main(String[] a) {} } }")).toEqual(
      {
        fileClass: "Outer",
        mainClass: "Outer$Inner",
      },
    );
    expect(detectEntry("public record Point(int x, int y) { public static void main(String[] a) {} }").fileClass).toBe(
      "Point",
    );
  });

  it("finds the entry past text blocks, char literals, annotations and odd modifier orders", () => {
    const code = `import java.util.*;
@SuppressWarnings("unused")
public sealed interface Shape permits Shape.Dot {
  String DOC = """
      public class Fake { static void main(String[] a) {} }
      \\""" still text """;
  char QUOTE = '"';
  char BRACE = '{';
  final class Dot implements Shape {
    @Override public String toString() { return Dot.class.getName(); }
    static public void main(String[] args) {}
  }
}`;
    expect(detectEntry(code)).toEqual({ fileClass: "Shape", mainClass: "Shape$Dot" });
    expect(detectEntry("public @interface Tag {}\nclass Run { static void main(String[] a) {} }")).toEqual({
      fileClass: "Tag",
      mainClass: "Run",
    });
    expect(
      detectEntry('class A { String s = "unclosed;\n}\npublic class B { public static void main(String[] a) {} }'),
    ).toEqual({ fileClass: "B", mainClass: "B" });
    expect(stripJavaNoise("int a; /* c */ String s = \"x\"; // d\nchar c = 'y';")).toBe(
      "int a;         String s =    ;     \nchar c =    ;",
    );
  });

  // A regular expression over the source took seconds on 60,000 newlines or thousands of
  // unclosed comments, blocking every request. The scan is linear: its step count stays within a
  // small multiple of the source's length for every shape, and 100 KB takes a few milliseconds;
  // the 100 ms bound is the (the best of a few tries, so a busy machine does not decide it).
  it.each([
    ["newlines", "\n".repeat(100_000)],
    ["unclosed comments", "/* ".repeat(34_000)],
    ["unclosed strings", '"\\'.repeat(50_000)],
    ["text block quotes", '"""x'.repeat(25_000)],
    ["char quotes", "'".repeat(100_000)],
    ["nested classes", "class A{".repeat(12_500)],
    ["braces and mains", `${"{".repeat(50_000)}${"static void main(".repeat(2_950)}`],
    ["modifiers", "public final sealed non-sealed ".repeat(3_300)],
    ["public without type", "public public class".repeat(5_300)],
    ["line comments", "//public class X\n".repeat(6_000)],
    ["named braces and mains", `${"class A{".repeat(6_000)}${"static void main(".repeat(3_000)}`],
  ])("handles 100 KB of %s in linear steps, under 100 ms", (_name, source) => {
    expect(source.length).toBeGreaterThanOrEqual(99_000);
    const code = source.slice(0, 100_000);
    let best = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 5; attempt++) {
      const t = performance.now();
      const entry = detectEntry(code);
      best = Math.min(best, performance.now() - t);
      expect(typeof entry.mainClass).toBe("string");
      expect(lastScanSteps()).toBeLessThanOrEqual(4 * code.length);
    }
    expect(best).toBeLessThan(100);
    stripJavaNoise(code);
    expect(lastScanSteps()).toBeLessThanOrEqual(4 * code.length);
  });
});

describe("JDK discovery", () => {
  const root = mkdtempSync(join(tmpdir(), "koc-jdks-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  function fakeJdk(name: string, version: string) {
    const home = join(root, name);
    mkdirSync(join(home, "bin"), { recursive: true });
    writeFileSync(join(home, "bin", "javac"), "");
    writeFileSync(join(home, "bin", "java"), "");
    writeFileSync(join(home, "release"), `JAVA_VERSION="${version}"\n`);
    return home;
  }

  it("finds JAVA_HOME and /usr/lib/jvm entries once each, oldest first, skipping non-JDKs", () => {
    const jvm = join(root, "jvm");
    mkdirSync(jvm);
    const j21 = fakeJdk("jdk-21", "21.0.2");
    const j8 = fakeJdk("jdk-8", "1.8.0_412");
    symlinkSync(j21, join(jvm, "java-21"));
    symlinkSync(j8, join(jvm, "java-8"));
    mkdirSync(join(jvm, "jre-only"));
    const found = discoverJdks({ JAVA_HOME: j21, PATH: "" }, jvm);
    expect(found.map((j) => [j.major, j.home])).toEqual([
      [8, j8],
      [21, j21],
    ]);
  });
});

describe("runner selection and messages", () => {
  it("CODE_RUNNER=off gives the off engine; judge0 the Judge0 adapter", async () => {
    const off = await createCodeRunnerFromConfig({ CODE_RUNNER: "off", JUDGE0_URL: undefined }, quietLog);
    expect(off.engine).toBe("off");
    const judge0 = await createCodeRunnerFromConfig(
      { CODE_RUNNER: "judge0", JUDGE0_URL: "http://judge0.internal:2358" },
      quietLog,
    );
    expect(judge0.engine).toBe("judge0");
  });

  it("auto without any JDK falls back to off; local without one refuses to start", async () => {
    const none = { jdks: [] };
    const auto = await createCodeRunnerFromConfig({ CODE_RUNNER: "auto", JUDGE0_URL: undefined }, quietLog, none);
    expect(auto.engine).toBe("off");
    await expect(
      createCodeRunnerFromConfig({ CODE_RUNNER: "local", JUDGE0_URL: undefined }, quietLog, none),
    ).rejects.toThrow(/CODE_RUNNER=local but Java cannot run here: no JDK found/);
  });

  it("says a missing JDK is missing (trying again cannot help), unlike a sandbox that did not start", async () => {
    const none = await createLocalRunner({ jdks: [] });
    expect(none.runner).toBeUndefined();
    expect(none.missing).toBe(true);
    expect(none.reason).toMatch(/no JDK found/);
  });

  it("names what to install for a version no JDK can target", () => {
    expect(installHint("java21")).toMatch(/Java 21 needs JDK 21 or newer.*openjdk-21-jdk-headless/);
    expect(installHint("java7")).toMatch(/JDK from 9 to 19/);
  });

  it("reads Judge0's Java language names", () => {
    expect(jdkMajorOf("Java (OpenJDK 13.0.1)")).toBe(13);
    expect(jdkMajorOf("Java (JDK 17.0.6)")).toBe(17);
    expect(jdkMajorOf("Java (OpenJDK 1.8.0)")).toBe(8);
    expect(jdkMajorOf("JavaScript (Node.js 12.14.0)")).toBeUndefined();
  });
});

describe("JobQueue", () => {
  it("runs at most `concurrency` jobs, each on its own slot, and refuses beyond the waiting room with 429", async () => {
    const queue = new JobQueue(2, 1);
    const release: (() => void)[] = [];
    const slots: number[] = [];
    const job = (slot: number) =>
      new Promise<number>((resolve) => {
        slots.push(slot);
        release.push(() => resolve(slot));
      });
    const a = queue.run(job);
    const b = queue.run(job);
    const c = queue.run(job); // waits
    await expect(queue.run(job)).rejects.toBeInstanceOf(RateLimitedError);
    await new Promise((r) => setTimeout(r, 0));
    expect(slots.sort()).toEqual([0, 1]);
    release.shift()?.();
    const first = await a;
    await new Promise((r) => setTimeout(r, 0));
    expect(slots).toHaveLength(3);
    expect(slots[2]).toBe(first); // the waiting job took the freed slot
    for (const r of release.splice(0)) r();
    await Promise.all([b, c]);
  });
});

describe("JobQueue fair share", () => {
  it("keeps half of the waiting places from visitors, and serves a waiting learner after a visitor", async () => {
    const queue = new JobQueue(1, 4);
    const release: (() => void)[] = [];
    const order: string[] = [];
    const job = (name: string) => () =>
      new Promise<string>((resolve) => {
        order.push(name);
        release.push(() => resolve(name));
      });
    const running = queue.run(job("v0"), true);
    const v1 = queue.run(job("v1"), true);
    const v2 = queue.run(job("v2"), true);
    // Two visitors wait (half of 4): a third visitor is refused, a learner still finds a place.
    await expect(queue.run(job("v3"), true)).rejects.toThrow(RUNNER_BUSY_VISITORS);
    const learner = queue.run(job("learner"), false);
    release.shift()?.();
    await running;
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(["v0", "learner"]); // not behind v1 and v2
    for (let i = 0; i < 3; i++) {
      release.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    await Promise.all([v1, v2, learner]);
    expect(order).toEqual(["v0", "learner", "v1", "v2"]);
  });
});

describe("Judge0 trials (runCases)", () => {
  const languages = [
    { id: 62, name: "Java (OpenJDK 13.0.1)" },
    { id: 91, name: "Java (JDK 17.0.6)" },
    { id: 70, name: "Python (2.7.17)" },
    { id: 71, name: "Python (3.8.1)" },
    { id: 92, name: "Python (3.11.2)" },
    { id: 63, name: "JavaScript (Node.js 12.14.0)" },
    { id: 93, name: "JavaScript (Node.js 18.15.0)" },
  ];

  it("picks the newest Python 3 and Node.js the cluster lists, else CE's standard ids", () => {
    expect(judge0ScriptLanguage(languages, "python")).toBe(92);
    expect(judge0ScriptLanguage(languages, "javascript")).toBe(93);
    expect(judge0ScriptLanguage([{ id: 70, name: "Python (2.7.17)" }], "python")).toBe(71);
    expect(judge0ScriptLanguage([], "javascript")).toBe(63);
  });

  it("sends one submission per case with the language's id and reads each outcome", async () => {
    const sent: { language_id: number; stdin: string }[] = [];
    const b64 = (s: string) => Buffer.from(s).toString("base64");
    const fake = (async (url: string, init?: RequestInit) => {
      if (url.endsWith("/languages")) return new Response(JSON.stringify(languages));
      const body = JSON.parse(String(init?.body)) as { language_id: number; stdin: string; source_code: string };
      const stdin = Buffer.from(body.stdin, "base64").toString();
      sent.push({ language_id: body.language_id, stdin });
      if (Buffer.from(body.source_code, "base64").toString().includes("broken")) {
        return new Response(JSON.stringify({ status: { id: 6 }, compile_output: b64("Main.java:1: error") }));
      }
      if (stdin === "loop")
        return new Response(JSON.stringify({ status: { id: 5, description: "Time Limit Exceeded" } }));
      return new Response(JSON.stringify({ status: { id: 3 }, stdout: b64(`${stdin}!`), exit_code: 0 }));
    }) as typeof fetch;
    const judge0 = createJudge0Runner({ url: "http://judge0.test", fetch: fake });
    // After the case that timed out, the rest are not sent at all.
    const py = await judge0.runCases({
      language: "python",
      version: "java17",
      code: "print()",
      stdins: ["a", "loop", "never"],
    });
    expect(sent.map((s) => s.language_id)).toEqual([92, 92]);
    expect(py.runs).toEqual([
      { stdout: "a!", stderr: "", exitCode: 0, timedOut: false, truncated: false },
      { stdout: "", stderr: "", exitCode: null, timedOut: true, truncated: false },
    ]);
    const js = await judge0.runCases({ language: "javascript", version: "java17", code: "x", stdins: ["b"] });
    expect(js.runs[0]?.stdout).toBe("b!");
    expect(sent.at(-1)?.language_id).toBe(93);
    const java = await judge0.runCases({
      language: "java",
      version: "java17",
      code: "class broken {}",
      stdins: ["c", "d"],
    });
    expect(java).toEqual({ compileError: "Main.java:1: error", runs: [] });
    expect(sent.at(-1)?.language_id).toBe(91);
  });
});

describe("Judge0 and unit-tested trials", () => {
  it("refuses a trial's hidden unit tests with a clear 422-kind error, sending nothing to the cluster", async () => {
    let calls = 0;
    const fake = (async () => {
      calls += 1;
      return new Response("[]");
    }) as unknown as typeof fetch;
    const judge0 = createJudge0Runner({ url: "http://judge0.test", fetch: fake });
    const job = {
      language: "java",
      version: "java17",
      code: "class Main {}",
      tests: { code: "class T {}" },
      nonce: "n",
    };
    await expect(judge0.runTests(job as never)).rejects.toThrow(UnsupportedError);
    await expect(judge0.runTests(job as never)).rejects.toThrow(JUDGE0_UNIT_TESTS_MESSAGE);
    expect(calls).toBe(0);
  });
});
