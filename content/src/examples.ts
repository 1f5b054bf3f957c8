import { codeBlocks } from "@koc/shared/markdown";
import { parsed } from "./parsed.js";

/**
 * Which lesson examples show their output, and what that output is. The convention (documented in
 * content/README.md): a runnable fenced block (java, python, javascript), then optionally a
 * ```stdin block with the input it reads, then a ```text block, with only blank lines between them:
 * the text block is exactly what the program prints (whitespace-normalised like trial grading).
 * A javascript block whose first line is a comment naming a file (`// armoury.mjs`) is that file,
 * available to the lesson's other javascript examples (ES modules importing "./armoury.mjs").
 */
export const RUNNABLE = ["java", "python", "javascript"] as const;
export type RunnableLang = (typeof RUNNABLE)[number];

export interface OutputExample {
  lang: RunnableLang;
  code: string;
  stdin: string;
  expected: string;
  /** 1-based line of the code block's opening fence in the lesson body. */
  line: number;
  /** For javascript: the file name its first-line comment gives (e.g. main.mjs). */
  fileName?: string;
}

interface Fence {
  lang: string;
  code: string;
  /** ```java fragment: a piece of a program, shown highlighted, never run or compiled. */
  fragment: boolean;
  /** 0-based lines of the block's first and last line (its fences). */
  open: number;
  close: number;
}

/** The lesson's code blocks, as the one Markdown grammar reads them (in lists too, ``` or ~~~). */
function fences(markdown: string): Fence[] {
  return codeBlocks(parsed(markdown)).map((b) => ({
    lang: b.lang.toLowerCase(),
    code: `${b.code}\n`,
    fragment: isFragment(b.meta),
    open: b.line - 1,
    close: b.endLine - 1,
  }));
}

/** A fence whose info string says `fragment` (```java fragment) holds part of a program. */
export const isFragment = (meta: string): boolean => /(?:^|\s)fragment\b/.test(meta);

/** Only blank lines between two blocks. */
function adjacent(lines: string[], a: Pick<Fence, "close">, b: Pick<Fence, "open">): boolean {
  return lines.slice(a.close + 1, b.open).every((l) => l.trim() === "");
}

/** The file a javascript block declares on its first line (`// name.mjs`), if any. */
export function declaredFileName(code: string): string | undefined {
  return /^\/\/\s*([\w-]+\.(?:mjs|cjs|js))\s*$/.exec(code.split("\n")[0] ?? "")?.[1];
}

/** The lesson's examples that show their output, in order. */
export function outputExamples(markdown: string): OutputExample[] {
  const lines = markdown.split("\n");
  const all = fences(markdown);
  const out: OutputExample[] = [];
  all.forEach((f, i) => {
    if (!(RUNNABLE as readonly string[]).includes(f.lang) || f.fragment) return;
    let next = all[i + 1];
    let stdin = "";
    let before = f;
    if (next?.lang === "stdin" && adjacent(lines, f, next)) {
      stdin = next.code;
      before = next;
      next = all[i + 2];
    }
    if (next?.lang !== "text" || !adjacent(lines, before, next)) return;
    const fileName = f.lang === "javascript" ? declaredFileName(f.code) : undefined;
    out.push({
      lang: f.lang as RunnableLang,
      code: f.code,
      stdin,
      expected: next.code,
      line: f.open + 1,
      ...(fileName ? { fileName } : {}),
    });
  });
  return out;
}

/** The javascript files a lesson declares (`// name.mjs` on a block's first line): name -> code. */
export function declaredJsFiles(markdown: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const f of fences(markdown)) {
    const name = f.lang === "javascript" ? declaredFileName(f.code) : undefined;
    if (name) files.set(name, f.code);
  }
  return files;
}

/** A ```stdin block that is not between a runnable example and its ```text output. */
export function strayStdinBlocks(markdown: string): number {
  const lines = markdown.split("\n");
  const all = fences(markdown);
  return all.filter((f, i) => {
    if (f.lang !== "stdin") return false;
    const prev = all[i - 1];
    const next = all[i + 1];
    return !(
      prev &&
      next &&
      (RUNNABLE as readonly string[]).includes(prev.lang) &&
      next.lang === "text" &&
      adjacent(lines, prev, f) &&
      adjacent(lines, f, next)
    );
  }).length;
}

/** The file a Java example is saved as, and the class to run. */
export function javaEntry(code: string): { fileClass: string; mainClass: string } {
  const pub = /public\s+(?:final\s+|abstract\s+|sealed\s+)*(?:class|record|enum|interface)\s+(\w+)/.exec(code)?.[1];
  if (pub) return { fileClass: pub, mainClass: pub };
  const main = /static\s+(?:public\s+)?void\s+main\s*\(/.exec(code);
  const before = main ? code.slice(0, main.index) : code;
  const declared = [...before.matchAll(/(?:class|record|enum|interface)\s+(\w+)/g)].map((m) => m[1] as string);
  return { fileClass: "Main", mainClass: declared[declared.length - 1] ?? "Main" };
}

/**
 * A line that only Java source has: a statement ending in `;`, a block opening `{`, or a line
 * starting with a declaration keyword. Output and console sessions rarely end lines that way.
 */
const JAVA_LINE =
  /(;\s*(\/\/.*)?$)|(\{\s*$)|(^\s*(public|private|protected|static|class|interface|import|package|record|enum)\b)/;

/**
 * The 1-based lines of ```text blocks that are not an example's output (no runnable block, with an
 * optional ```stdin, right before them) yet read as Java source: at least two lines of it. Java
 * shown in a text fence is neither highlighted nor checked; it belongs in ```java, or in
 * ```java fragment when it is not a whole program.
 */
export function javaInTextBlocks(markdown: string): number[] {
  const lines = markdown.split("\n");
  const all = fences(markdown);
  return all
    .filter((f, i) => {
      if (f.lang !== "text") return false;
      let prev = all[i - 1];
      let after = f;
      if (prev?.lang === "stdin" && adjacent(lines, prev, f)) {
        after = prev;
        prev = all[i - 2];
      }
      const isOutput =
        prev !== undefined &&
        (RUNNABLE as readonly string[]).includes(prev.lang) &&
        !prev.fragment &&
        adjacent(lines, prev, after);
      if (isOutput) return false;
      return f.code.split("\n").filter((l) => JAVA_LINE.test(l)).length >= 2;
    })
    .map((f) => f.open + 1);
}

/**
 * How a lesson's ```sql block runs (decision 0033): on the lesson's tables and succeeds (`query`),
 * on them and must fail (```sql error: a constraint refusing a row), or on an empty database where
 * it makes those very tables (```sql setup: the script a lesson shows so they can be made elsewhere).
 */
export type SqlExampleKind = "query" | "error" | "setup";

export interface SqlExample {
  kind: SqlExampleKind;
  code: string;
  /** The ```text block right after it (only blank lines between), psql's output, if any. */
  shown?: string;
  /** 1-based line of the block's opening fence in the lesson body. */
  line: number;
}

/** The kind a ```sql fence's info string gives; undefined for a word we do not know. */
export function sqlExampleKind(meta: string): SqlExampleKind | undefined {
  const word = meta.trim();
  if (word === "") return "query";
  return word === "error" || word === "setup" ? word : undefined;
}

/** The lesson's ```sql blocks in order, each with the output shown after it. */
export function sqlExamples(markdown: string): (SqlExample & { meta: string })[] {
  const lines = markdown.split("\n");
  const blocks = codeBlocks(parsed(markdown)).map((b) => ({
    lang: b.lang.toLowerCase(),
    meta: b.meta,
    code: `${b.code}\n`,
    open: b.line - 1,
    close: b.endLine - 1,
  }));
  const out: (SqlExample & { meta: string })[] = [];
  blocks.forEach((b, i) => {
    if (b.lang !== "sql") return;
    const next = blocks[i + 1];
    const shown = next?.lang === "text" && adjacent(lines, b, next) ? next.code : undefined;
    out.push({
      kind: sqlExampleKind(b.meta) ?? "query",
      meta: b.meta,
      code: b.code,
      line: b.open + 1,
      ...(shown !== undefined ? { shown } : {}),
    });
  });
  return out;
}
