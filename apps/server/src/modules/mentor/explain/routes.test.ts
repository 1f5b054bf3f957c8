/**
 * POST /api/ai/explain without a model: the curated explanation with its line and lesson section;
 * careless inputs (empty, huge, another language, junk) answer 200 or a 400 naming the field, never a 500.
 * Offline phrases in the learner's language on /api/ai/chat too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engines } from "../../../../test/harness.js";
import { PHRASES } from "../voice.js";

describe.each(engines)("explain this error on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
  }, 120_000);
  afterAll(() => t.close());
  const post = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, payload, remoteAddress: `10.7.${Math.floor(++n / 250)}.${n % 250}` });
  const explain = (payload: object) => post("/api/ai/explain", payload);

  const code =
    "public class Main {\n    public static void main(String[] args) {\n        String s = null;\n        System.out.println(s.length());\n    }\n}";
  const npe =
    'Exception in thread "main" java.lang.NullPointerException: Cannot invoke "String.length()" because "<local1>" is null\n\tat Main.main(Main.java:4)';

  it("names the line, quotes it, says what it means and links the section that teaches it", async () => {
    const res = await explain({ language: "java", code, error: npe, context: { courseId: "java-programming" } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      line: 4,
      errorLanguage: "java",
      section: {
        courseId: "java-programming",
        materialId: "java-programming--classes-and-objects",
        section: "References, Aliases and null",
        href: "/course/java-programming/lesson/java-programming--classes-and-objects#section-references-aliases-and-null",
      },
    });
    expect(body.response).toContain("**Line 4**");
    expect(body.response).toContain("`System.out.println(s.length());`");
    expect(body.response).toMatch(/points to no object \(null\)/);
  });

  it("refuses an empty error, naming the field; and a missing language", async () => {
    const empty = await explain({ language: "java", code, error: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/error/);
    const noLanguage = await explain({ code, error: npe });
    expect(noLanguage.statusCode).toBe(400);
    expect(noLanguage.json().message).toMatch(/language/);
    const cobol = await explain({ language: "cobol", code, error: npe });
    expect(cobol.statusCode).toBe(400);
  });

  it("takes a 50 KB stack trace, and refuses one past the limit by name", async () => {
    const long = `${npe}\n${"\tat Main.helper(Main.java:4)\n".repeat(1800)}`;
    expect(long.length).toBeGreaterThan(50_000);
    const res = await explain({ language: "java", code, error: long });
    expect(res.statusCode).toBe(200);
    expect(res.json().line).toBe(4);
    const tooLong = await explain({ language: "java", code, error: "x".repeat(70_000) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/error/);
  });

  it("an error in another language than the one selected is explained as that language's, from its course", async () => {
    const traceback =
      'Traceback (most recent call last):\n  File "main.py", line 1, in <module>\n    n = int("abc")\nValueError: invalid literal for int() with base 10: \'abc\'';
    const res = await explain({ language: "javascript", code: 'n = int("abc")', error: traceback });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ errorLanguage: "python", line: 1, section: { courseId: "python-programming" } });
    expect(res.json().response).toMatch(/looks like a Python error, though the editor is set to JavaScript/);
  });

  it("junk gets an honest answer and a lesson of the selected language, never a made-up line", async () => {
    const res = await explain({ language: "python", code: "", error: "¯\\_(ツ)_/¯ nothing works!!!" });
    expect(res.statusCode).toBe(200);
    expect(res.json().line).toBeUndefined();
    expect(res.json().response).toMatch(/do not know this message by heart/);
  });

  it("answers the frame in Hindi when the learner's words are Hindi", async () => {
    const res = await explain({ language: "java", code, error: npe, message: "यह error क्या है?" });
    expect(res.json().response).toContain("**पंक्ति 4**");
    expect(res.json().response).toContain(PHRASES.hi.explain.means);
  });

  it("the chat's fixed phrases follow the question's language offline", async () => {
    const hi = await post("/api/ai/chat", { message: "नमस्ते" });
    expect(hi.json().response).toBe(PHRASES.hi.greeting);
    const hinglish = await post("/api/ai/chat", { message: "namaste" });
    expect(hinglish.json().response).toBe(PHRASES.hinglish.greeting);
    const nothing = await post("/api/ai/chat", { message: "qwzxv plorf kya hai bhai" });
    expect(nothing.json().response).toBe(PHRASES.hinglish.notFound);
    const english = await post("/api/ai/chat", { message: "hello" });
    expect(english.json().response).toBe(PHRASES.en.greeting);
  });
});
