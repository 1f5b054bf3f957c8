/**
 * "Explain this error": the parsers read real output of broken programs run here with javac/java,
 * python3 and node; every curated error links a section that exists in the lessons.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readCatalogue } from "../../../db/seed.js";
import { splitPassages } from "../retrieval.js";
import { diagnose, offlineExplanation } from "./explain.js";
import { parseError } from "./parse.js";
import { KNOWN_ERRORS, knownError } from "./table.js";

const dir = mkdtempSync(join(tmpdir(), "koc-explain-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const has = (tool: string) => spawnSync(tool, ["--version"]).status === 0;

function run(command: string, args: string[], cwd = dir): string {
  const r = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 60_000 });
  return `${r.stdout}${r.stderr}`;
}

let n = 0;
function java(code: string): string {
  const where = join(dir, `j${n++}`);
  spawnSync("mkdir", ["-p", where]);
  writeFileSync(join(where, "Main.java"), code);
  const compiled = run("javac", ["Main.java"], where);
  return compiled.trim() ? compiled : run("java", ["-cp", where, "Main"], where);
}
function script(ext: "py" | "js", code: string): string {
  const file = join(dir, `s${n++}.${ext}`);
  writeFileSync(file, code);
  return run(ext === "py" ? "python3" : "node", [file]);
}
const main = (body: string, extra = "") =>
  `public class Main {\n${extra}    public static void main(String[] args) {\n${body}\n    }\n}\n`;

describe.skipIf(!has("javac"))("javac and java output", () => {
  it.each([
    [
      "cannot find symbol",
      main("        int total = 5;\n        System.out.println(totl);"),
      4,
      "java-cannot-find-symbol",
    ],
    ["';' expected", main("        int x = 5\n        System.out.println(x);"), 3, "java-semicolon-expected"],
    ["incompatible types", main('        int x = "hello";'), 3, "java-incompatible-types"],
    [
      "missing return statement",
      main(
        "        System.out.println(sign(3));",
        "    static int sign(int x) {\n        if (x > 0) return 1;\n    }\n",
      ),
      4,
      "java-missing-return",
    ],
    [
      "ArrayIndexOutOfBoundsException",
      main(
        "        int[] a = {1, 2, 3};\n        for (int i = 0; i <= a.length; i++) {\n            System.out.println(a[i]);\n        }",
      ),
      5,
      "java-array-index",
    ],
    ["NumberFormatException", main('        int n = Integer.parseInt("12a");'), 3, "java-number-format"],
    [
      "ArithmeticException",
      main("        int zero = 0;\n        System.out.println(10 / zero);"),
      4,
      "java-arithmetic",
    ],
  ])("%s: the line and the table entry", (_name, code, line, id) => {
    const out = java(code);
    const d = diagnose({ language: "java", code, error: out });
    expect(d.parsed.line, out).toBe(line);
    expect(d.entry?.id, out).toBe(id);
    expect(d.codeLine).toBe(code.split("\n")[line - 1]?.trim());
  });

  it("reads the web editor's shape of a compile error (Runtime Error: before javac's words)", () => {
    const out = java(main("        String s = null\n"));
    expect(parseError(`Runtime Error: ${out}`, "java")).toMatchObject({ language: "java", line: 3 });
  });
});

describe.skipIf(!has("python3"))("Python tracebacks", () => {
  it.each([
    ["IndentationError", "def greet(name):\nprint('hi', name)\n", 2, "python-indentation"],
    ["NameError", "count = 3\nprint(cont)\n", 2, "python-name"],
    ["TypeError str + int", 'age = 20\nprint("Age: " + age)\n', 2, "python-type-concatenate"],
    [
      "TypeError missing argument",
      "def add(a, b):\n    return a + b\n\nprint(add(1))\n",
      4,
      "python-type-missing-argument",
    ],
    ["IndexError", "items = [1, 2, 3]\nprint(items[3])\n", 2, "python-index"],
    ["KeyError", "d = {'a': 1}\nprint(d['b'])\n", 2, "python-key"],
    ["ZeroDivisionError", "x = 0\nprint(5 / x)\n", 2, "python-zero-division"],
    ["ValueError int()", 'n = int("abc")\n', 1, "python-value-int"],
    ["AttributeError NoneType", "result = [3, 1, 2].sort()\nresult.append(4)\n", 2, "python-attribute-none"],
    ["RecursionError", "def f(n):\n    return f(n + 1)\n\nf(1)\n", 2, "python-recursion"],
    ["SyntaxError", 'print("hello"\nx = 1\n', 1, "python-syntax"],
  ])("%s: the line and the table entry", (_name, code, line, id) => {
    const out = script("py", code);
    const d = diagnose({ language: "python", code, error: out });
    expect(d.parsed.line, out).toBe(line);
    expect(d.entry?.id, out).toBe(id);
  });
});

describe.skipIf(!has("node"))("Node output", () => {
  it.each([
    ["ReferenceError", "let a = 1;\nconsole.log(b);\n", 2, "js-not-defined"],
    ["TypeError not a function", "const x = 5;\nx();\n", 2, "js-not-a-function"],
    [
      "Cannot read properties of undefined",
      "const user = undefined;\nconsole.log(user.name);\n",
      2,
      "js-cannot-read-properties",
    ],
    ["SyntaxError Unexpected token", "let a = 1;\nlet b = ;\n", 2, "js-syntax"],
    ["Assignment to constant variable", "const n = 1;\nn = 2;\n", 2, "js-const-assignment"],
    ["Cannot access before initialization", "console.log(z);\nlet z = 1;\n", 1, "js-before-initialization"],
  ])("%s: the line and the table entry", (_name, code, line, id) => {
    const out = script("js", code);
    const d = diagnose({ language: "javascript", code, error: out });
    expect(d.parsed.line, out).toBe(line);
    expect(d.entry?.id, out).toBe(id);
  });

  it("reads the browser sandbox's shape: the error and an <anonymous> frame", () => {
    const shown = "Runtime Error: ReferenceError: b is not defined\n    at <anonymous>:2:13";
    expect(parseError(shown, "javascript")).toMatchObject({ line: 2, headline: "ReferenceError: b is not defined" });
  });
});

describe("careless inputs", () => {
  it("an error of another language than the editor's is read as that language's, and says so", () => {
    const traceback =
      "Traceback (most recent call last):\n  File \"main.py\", line 2, in <module>\nNameError: name 'x' is not defined";
    const d = diagnose({ language: "java", code: "print(1)\nprint(x)\n", error: traceback });
    expect(d.language).toBe("python");
    expect(d.entry?.id).toBe("python-name");
    expect(offlineExplanation(d, "java", undefined, "en")).toMatch(
      /looks like a Python error, though the editor is set to Java/,
    );
  });

  it("a 50 KB error is read from its top, quickly and without a line it does not name", () => {
    const huge = `Exception in thread "main" java.lang.StackOverflowError\n${"\tat Main.f(Main.java:2)\n".repeat(2200)}`;
    expect(huge.length).toBeGreaterThan(50_000);
    const d = diagnose({ language: "java", code: "", error: huge });
    expect(d.entry?.id).toBe("java-stack-overflow");
    expect(d.parsed.line).toBe(2);
    expect(d.codeLine).toBeUndefined();
  });

  it("text that is no error of any kind gets the honest answer, not a made-up line", () => {
    const d = diagnose({ language: "python", code: "x = 1", error: "it does not work!!" });
    expect(d.entry).toBeUndefined();
    expect(d.parsed.line).toBeUndefined();
    expect(offlineExplanation(d, "python", undefined, "en")).toMatch(/do not know this message by heart/);
  });

  it("a line number past the end of the code is named but not quoted", () => {
    const d = diagnose({ language: "java", code: "int x;", error: "Main.java:40: error: ';' expected" });
    expect(d.parsed.line).toBe(40);
    expect(d.codeLine).toBeUndefined();
  });
});

describe("the curated table", () => {
  const catalogue = readCatalogue();
  const lessons = new Map(
    catalogue.courses.flatMap((c) => c.lessons.map((l) => [l.id, { course: c, lesson: l }] as const)),
  );

  it("has at least 40 errors across Java, Python and JavaScript", () => {
    expect(KNOWN_ERRORS.length).toBeGreaterThanOrEqual(40);
    for (const language of ["java", "python", "javascript"] as const) {
      expect(KNOWN_ERRORS.filter((e) => e.language === language).length).toBeGreaterThanOrEqual(10);
    }
    expect(new Set(KNOWN_ERRORS.map((e) => e.id)).size).toBe(KNOWN_ERRORS.length);
  });

  it.each(KNOWN_ERRORS.map((e) => [e.id, e] as const))(
    "%s links a section that exists in a free lesson of its language",
    (_id, e) => {
      const found = lessons.get(e.materialId);
      expect(found, e.materialId).toBeDefined();
      if (!found) return;
      const courseLanguage = {
        java: "java-programming",
        python: "python-programming",
        javascript: "javascript-fundamentals",
      };
      expect(found.course.id).toBe(courseLanguage[e.language]);
      const sections = splitPassages({
        courseId: found.course.id,
        courseTitle: found.course.title,
        materialId: found.lesson.id,
        title: found.lesson.title,
        content: found.lesson.content ?? "",
        locked: false,
      }).map((p) => p.section);
      expect(sections).toContain(e.section);
    },
  );

  it("takes a class javac cannot find for a missing import, and a variable for scope", () => {
    expect(knownError("java", "error: cannot find symbol\n  symbol:   class Scanner\n  location: class Main")?.id).toBe(
      "java-cannot-find-class",
    );
    expect(knownError("java", "javac: cannot find symbol class LocalDate")?.id).toBe("java-cannot-find-class");
    expect(knownError("java", "error: cannot find symbol\n  symbol:   variable totl\n  location: class Main")?.id).toBe(
      "java-cannot-find-symbol",
    );
    expect(knownError("java", "error: cannot find symbol")?.id).toBe("java-cannot-find-symbol");
  });

  it("the narrow shapes of TypeError win over the general one", () => {
    expect(knownError("python", "TypeError: 'int' object is not callable")?.id).toBe("python-type-not-callable");
    expect(knownError("python", "TypeError: 'NoneType' object is not subscriptable")?.id).toBe(
      "python-type-not-subscriptable",
    );
    expect(knownError("python", "TypeError: object of type 'int' has no len()")?.id).toBe("python-type");
    expect(knownError("javascript", "TypeError: Cannot read properties of null (reading 'x')")?.id).toBe(
      "js-cannot-read-properties",
    );
  });
});

describe("errors shown without a line (the browser's JavaScript and Python consoles)", () => {
  it.each([
    ["javascript", "Runtime Error: b is not defined", "let a = 1;\n// b is used next\nconsole.log(b);\n", 3],
    ["javascript", "Runtime Error: ReferenceError: b is not defined", "let a = 1;\nconsole.log(b);\n", 2],
    [
      "javascript",
      "Runtime Error: Cannot read properties of undefined (reading 'name')",
      "const u = undefined;\nconst label = 'name';\nconsole.log(u.name);\n",
      3,
    ],
    ["javascript", "Runtime Error: x is not a function", "const x = 5;\nx();\n", 2],
    ["python", "Runtime Error: NameError: name 'cont' is not defined", "count = 3\nprint('cont')\nprint(cont)\n", 3],
    ["python", "Runtime Error: KeyError: 'b'", "d = {'a': 1}\nprint(d['b'])\n", 2],
    [
      "python",
      "Runtime Error: AttributeError: 'NoneType' object has no attribute 'append'",
      "r = [3].sort()\nr.append(4)\n",
      2,
    ],
  ] as const)("%s: %s is placed on the line that uses the name", (language, error, code, line) => {
    const d = diagnose({ language, code, error });
    expect(d.parsed.line).toBe(line);
    expect(d.guessed).toBe(true);
    expect(offlineExplanation(d, language, undefined, "en")).toMatch(
      new RegExp(`\\*\\*Line ${line}\\*\\* is most likely`),
    );
  });

  it("names no line when the code does not use the name", () => {
    expect(
      diagnose({ language: "python", code: "x = 1\n", error: "NameError: name 'y' is not defined" }).parsed.line,
    ).toBeUndefined();
  });
});

describe("the browser console's JavaScript messages (no error name)", () => {
  it.each([
    ["Runtime Error: b is not defined", "js-not-defined"],
    ["Runtime Error: Unexpected token ';'", "js-syntax"],
    ["Runtime Error: Assignment to constant variable.", "js-const-assignment"],
    ["Runtime Error: Cannot read properties of undefined (reading 'length')", "js-cannot-read-properties"],
  ])("%s is %s", (error, id) => {
    expect(diagnose({ language: "javascript", code: "", error }).entry?.id).toBe(id);
  });
});
