import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { has, runPrograms } from "./run-programs.js";

const root = mkdtempSync(join(tmpdir(), "koc-runcases-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const java = (name: string, main: string) => ({
  lang: "java" as const,
  dir: join(root, name),
  files: { "Main.java": `import java.util.Scanner;\npublic class Main {\n${main}\n}\n` },
  entry: "Main",
  timeoutMs: 3_000,
});

describe.skipIf(!has("javac", "-version"))("Java programs run in one warm JVM (tools/RunCases.java)", () => {
  it("gives every run its own input, output, static fields and outcome", async () => {
    const [counter, thrower, looper, broken] = await runPrograms([
      {
        ...java(
          "counter",
          'static int calls = 0;\npublic static void main(String[] a) { calls++; Scanner in = new Scanner(System.in); System.out.println(in.nextInt() * 2 + " " + calls); }',
        ),
        stdins: ["3\n", "21\n"],
      },
      {
        ...java(
          "thrower",
          'public static void main(String[] a) { System.out.println("before"); int[] x = new int[1]; x[2] = 1; }',
        ),
        stdins: [""],
      },
      { ...java("looper", "public static void main(String[] a) { while (true) { } }"), stdins: [""] },
      { ...java("broken", "public static void main(String[] a) { int x = ; }"), stdins: [""] },
    ]);
    expect(counter?.runs.map((r) => [r.stdout, r.code, r.timedOut])).toEqual([
      ["6 1\n", 0, false],
      ["42 1\n", 0, false],
    ]);
    expect(thrower?.runs[0]?.stdout).toBe("before\n");
    expect(thrower?.runs[0]?.code).toBe(1);
    expect(thrower?.runs[0]?.stderr).toMatch(/ArrayIndexOutOfBoundsException/);
    expect(looper?.runs[0]?.timedOut, JSON.stringify(looper)).toBe(true);
    expect(broken?.compiled).toBe(false);
  }, 600_000);
});
