import { describe, expect, it } from "vitest";
import { highlight } from "./code-highlight";

const classOf = async (code: string, lang: string, text: string) =>
  (await highlight(code, lang)).find((t) => t.text === text)?.classes ?? "";

describe("lesson code highlighting", () => {
  it("keeps every character of the code, in order, with line breaks", async () => {
    const code = 'public class Main {\n    // greet\n    String s = "hi";\n}';
    const tokens = await highlight(code, "java");
    expect(tokens.map((t) => t.text).join("")).toBe(code);
  });

  it.each([
    ["java", "public class A { int x = 42; }", "class", "tok-keyword"],
    ["java", 'String s = "hi";', '"hi"', "tok-string"],
    ["python", "def greet():\n    return 1  # done", "# done", "tok-comment"],
    ["javascript", "const n = 7;", "const", "tok-keyword"],
    ["jsx", "const el = <div className='x'>Hi</div>;", "const", "tok-keyword"],
    ["sql", "SELECT name FROM users WHERE id = 1;", "SELECT", "tok-keyword"],
    ["bash", "echo 'hello' # say it", "# say it", "tok-comment"],
    ["html", '<a href="/x">link</a>', '"/x"', "tok-string"],
    ["css", ".card { color: red; }", "color", "tok-propertyName"],
  ])("%s: %s marks %s", async (lang, code, text, cls) => {
    expect(await classOf(code, lang, text)).toContain(cls);
  });

  it("leaves unknown languages and plain text as one unstyled run", async () => {
    expect(await highlight("just words", "text")).toEqual([{ text: "just words", classes: "" }]);
    expect(await highlight("x", "constructor")).toEqual([{ text: "x", classes: "" }]);
  });
});
