import { describe, expect, it } from "vitest";
import { stringLiterals } from "./names.js";
import {
  assembleTests,
  HIDDEN_ASSERTION_MESSAGE,
  parseHarnessOutput,
  publicMessage,
  TIMED_OUT_MESSAGE,
  testCompileMessage,
} from "./results.js";

const b64 = (s: string) => Buffer.from(s).toString("base64");
const NONCE = "f00d";
const line = (kind: string, ...parts: string[]) => `${NONCE} 0 ${kind} ${parts.map(b64).join(" ")}`;

describe("reading the harness's report", () => {
  it("keeps only lines with the run's nonce: a program printing PASS lines forges nothing", () => {
    const out = [
      `beef 0 PASS ${b64("a")}`,
      `0 PASS ${b64("a")}`,
      line("START", "a"),
      line("FAIL", "a", "java.lang.AssertionError", "boom"),
      line("START", "b"),
      `${NONCE} DONE`,
    ].join("\n");
    const { suites, done } = parseHarnessOutput(out, NONCE);
    expect(done).toBe(true);
    expect(suites.get(0)?.results.get("a")).toEqual({
      status: "failed",
      errorClass: "java.lang.AssertionError",
      message: "boom",
    });
    expect(suites.get(0)?.running).toBe("b");
  });
});

describe("what a learner may read", () => {
  const literals = stringLiterals('assertEquals("0", Main.toBinary(0), "toBinary(0) should be \\"0\\"");');

  it("shows an author's literal message and cuts JUnit's expected/actual", () => {
    const raw = { status: "failed" as const, errorClass: "org.opentest4j.AssertionFailedError" };
    expect(
      publicMessage("java", { ...raw, message: 'toBinary(0) should be "0" ==> expected: <0> but was: <>' }, literals),
    ).toBe('toBinary(0) should be "0"');
    expect(publicMessage("java", { ...raw, message: "expected: <42> but was: <41>" }, literals)).toBe(
      HIDDEN_ASSERTION_MESSAGE,
    );
    // A message the learner's code wrote, even one holding the test's source, is not shown.
    expect(publicMessage("java", { ...raw, message: "class SignalFiresTest { ... }" }, literals)).toBe(
      HIDDEN_ASSERTION_MESSAGE,
    );
  });

  it("names only the class of any other exception, and words a time-out", () => {
    const npe = { status: "failed" as const, errorClass: "java.lang.NullPointerException", message: "secret 42" };
    expect(publicMessage("java", npe, literals)).toBe(
      "Your code threw java.lang.NullPointerException during this test.",
    );
    expect(publicMessage("python", { status: "timedOut" }, literals)).toBe(TIMED_OUT_MESSAGE);
  });

  it("lists every test in the trial's order: a run that ran out of time times out the running test and the rest", () => {
    const { suites } = parseHarnessOutput(
      [line("START", "a"), line("PASS", "a"), line("START", "b")].join("\n"),
      NONCE,
    );
    const end = { timedOut: true, truncated: false, exitCode: null };
    const tests = assembleTests("javascript", ["a", "b", "c"], suites.get(0), end, literals);
    expect(tests.map((t) => [t.name, t.status])).toEqual([
      ["a", "passed"],
      ["b", "timedOut"],
      ["c", "timedOut"],
    ]);
    expect(tests[2]?.message).toMatch(/^Not run/);
  });

  it("fails every test with a hint when the tests cannot load the program", () => {
    const out = line("LOAD", "ImportError", "cannot import name 'is_prime' from 'main' (/app/main.py)");
    const tests = assembleTests(
      "python",
      ["a"],
      parseHarnessOutput(out, NONCE).suites.get(0),
      {
        timedOut: false,
        truncated: false,
        exitCode: 0,
      },
      literals,
    );
    expect(tests).toEqual([
      { name: "a", status: "failed", message: expect.stringContaining("cannot find is_prime in your program") },
    ]);
  });

  it("keeps only javac's error, symbol and location lines of a test compile error", () => {
    const diagnostics = [
      "SignalFiresTest.java:12: error: cannot find symbol",
      '        assertEquals("00000101", Main.toBinary(5, 8), "secret");',
      "                                     ^",
      "  symbol:   method toBinary(int,int)",
      "  location: class Main",
    ].join("\n");
    const message = testCompileMessage(diagnostics);
    expect(message).toContain("- cannot find symbol");
    expect(message).toContain("symbol: method toBinary(int,int)");
    expect(message).not.toMatch(/SignalFiresTest|assertEquals|00000101/);
  });
});
