import { describe, expect, it } from "vitest";
import {
  SIMULATED_JAVA_NO_OUTPUT,
  SIMULATED_PYTHON_NO_OUTPUT,
  SIMULATED_SUCCESS,
  simulateJava,
  simulatePython,
} from "./simulated-run";

describe("simulateJava", () => {
  it("prints string literals, then a blank line and the success line", () => {
    const code =
      'public class Main {\n  public static void main(String[] a) {\n    System.out.println("Hello, Kingdom!");\n  }\n}';
    expect(simulateJava(code)).toBe(`Hello, Kingdom!\n\n${SIMULATED_SUCCESS}`);
  });

  it("reads typed assignments of int, String, double, float and boolean", () => {
    const code = [
      "int age = 25;",
      'String name = "Arthur";',
      "double price = 9.5;",
      "float ratio = 2;",
      "boolean brave = true;",
      "System.out.println(age);",
      "System.out.println(name);",
      "System.out.println(price);",
      "System.out.println(ratio);",
      "System.out.println(brave);",
    ].join("\n");
    expect(simulateJava(code)).toBe(`25\nArthur\n9.5\n2.0\ntrue\n\n${SIMULATED_SUCCESS}`);
  });

  it("joins plus-separated values (numbers add until a string joins in)", () => {
    const code =
      'String name = "Lancelot";\nint level = 3;\nSystem.out.println("Knight " + name + " level " + level);\nSystem.out.println(1 + 2 + " swords");';
    expect(simulateJava(code)).toBe(`Knight Lancelot level 3\n3 swords\n\n${SIMULATED_SUCCESS}`);
  });

  it("says no output statements were found when nothing prints", () => {
    expect(simulateJava("int x = 5;")).toBe(SIMULATED_JAVA_NO_OUTPUT);
    expect(SIMULATED_JAVA_NO_OUTPUT).toBe("Code compiled successfully! (No output statements found)");
  });

  it("keeps print without newline on the same line and ignores comments", () => {
    const code = '// System.out.println("hidden");\nSystem.out.print("a");\nSystem.out.println("b");';
    expect(simulateJava(code)).toBe(`ab\n\n${SIMULATED_SUCCESS}`);
  });
});

describe("simulatePython", () => {
  it("prints literals and variables, separating arguments with spaces", () => {
    const code = 'name = "Merlin"\nage = 120\nprint("Hello", name)\nprint(age)';
    expect(simulatePython(code)).toBe(`Hello Merlin\n120\n\n${SIMULATED_SUCCESS}`);
  });

  it("substitutes f-strings", () => {
    const code = "king = 'Arthur'\nyears = 30\nprint(f\"{king} ruled for {years} years\")";
    expect(simulatePython(code)).toBe(`Arthur ruled for 30 years\n\n${SIMULATED_SUCCESS}`);
  });

  it("says no output statements were found when nothing prints", () => {
    expect(simulatePython("# Write your Python code here\nx = 1")).toBe(SIMULATED_PYTHON_NO_OUTPUT);
    expect(SIMULATED_PYTHON_NO_OUTPUT).toBe("Code executed successfully! (No output statements found)");
  });

  it("does not treat comparisons as assignments", () => {
    expect(simulatePython("x = 1\nx == 2\nprint(x + 1)")).toBe(`2\n\n${SIMULATED_SUCCESS}`);
  });
});
