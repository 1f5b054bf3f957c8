import { describe, expect, it } from "vitest";
import { isFragment, javaInTextBlocks, outputExamples } from "./examples.js";

const fence = (info: string, code: string) => `\`\`\`${info}\n${code}\n\`\`\``;
const MAIN =
  'public class Main {\n    public static void main(String[] args) {\n        System.out.println("Hail");\n    }\n}';

describe("java fragments and Java hidden in text fences", () => {
  it("reads the fragment mark from the info string", () => {
    expect(isFragment("fragment")).toBe(true);
    expect(isFragment("release=21 fragment")).toBe(true);
    expect(isFragment("release=21")).toBe(false);
    expect(isFragment("fragments")).toBe(false);
  });

  it("finds a method shown in a text fence after prose", () => {
    const md = `Some prose.\n\n${fence("text", "static int add(int a, int b) {\n    return a + b;\n}")}\n`;
    expect(javaInTextBlocks(md)).toEqual([3]);
  });

  it("counts statements that end in a comment", () => {
    const md = `Prose.\n\n${fence("text", "Integer boxed = 42;      // boxing\nint raw = boxed + 1;   // unboxing")}\n`;
    expect(javaInTextBlocks(md)).toEqual([3]);
  });

  it("leaves a program's output alone, also after a stdin block", () => {
    const out = fence("text", "a;\nb;\nc {");
    expect(javaInTextBlocks(`${fence("java", MAIN)}\n\n${out}\n`)).toEqual([]);
    expect(javaInTextBlocks(`${fence("java", MAIN)}\n\n${fence("stdin", "3")}\n\n${out}\n`)).toEqual([]);
  });

  it("leaves console sessions and plain output after prose alone", () => {
    const md = `Run it:\n\n${fence("text", "$ javac Main.java\n$ java Main\nHail, kingdom!")}\n`;
    expect(javaInTextBlocks(md)).toEqual([]);
  });

  it("does not take a text block after a fragment for that fragment's output", () => {
    const md = `${fence("java fragment", "int x = 1;")}\n\n${fence("text", "int y = 2;\nint z = 3;")}\n`;
    expect(javaInTextBlocks(md)).toEqual([5]);
    expect(outputExamples(md)).toEqual([]);
  });

  it("never runs a fragment as an example", () => {
    const md = `${fence("java fragment", MAIN)}\n\n${fence("text", "Hail")}\n`;
    expect(outputExamples(md)).toEqual([]);
    expect(outputExamples(md.replace("java fragment", "java"))).toHaveLength(1);
  });
});
