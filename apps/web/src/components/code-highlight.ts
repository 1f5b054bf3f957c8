import type { Parser } from "@lezer/common";
import { classHighlighter, highlightCode } from "@lezer/highlight";

/** A run of code text and its token classes (`tok-keyword`, ...; empty when unstyled). */
export interface Token {
  text: string;
  classes: string;
}

/**
 * Lesson code is highlighted with the Lezer parsers that CodeMirror's language packs are built on,
 * so the browser gets no second highlighter. Each language's parser is its own lazy chunk, loaded
 * the first time a lesson shows a block in that language.
 */
const parsers: Record<string, () => Promise<Parser>> = {
  java: () => import("@lezer/java").then((m) => m.parser),
  javascript: () => import("@lezer/javascript").then((m) => m.parser),
  js: () => import("@lezer/javascript").then((m) => m.parser),
  jsx: () => import("@lezer/javascript").then((m) => m.parser.configure({ dialect: "jsx" })),
  typescript: () => import("@lezer/javascript").then((m) => m.parser.configure({ dialect: "ts" })),
  ts: () => import("@lezer/javascript").then((m) => m.parser.configure({ dialect: "ts" })),
  python: () => import("@lezer/python").then((m) => m.parser),
  py: () => import("@lezer/python").then((m) => m.parser),
  css: () => import("@lezer/css").then((m) => m.parser),
  html: () => import("@lezer/html").then((m) => m.parser),
  sql: () => import("@codemirror/lang-sql").then((m) => m.StandardSQL.language.parser),
  bash: () => shellParser(),
  sh: () => shellParser(),
  shell: () => shellParser(),
};

async function shellParser(): Promise<Parser> {
  const [{ StreamLanguage }, { shell }] = await Promise.all([
    import("@codemirror/language"),
    import("@codemirror/legacy-modes/mode/shell"),
  ]);
  return StreamLanguage.define(shell).parser;
}

const loaded = new Map<string, Promise<Parser>>();

export function canHighlight(lang: string): boolean {
  return Object.hasOwn(parsers, lang.toLowerCase());
}

/** The code split into tokens; lines are joined back with "\n" tokens. */
export async function highlight(code: string, lang: string): Promise<Token[]> {
  const key = lang.toLowerCase();
  const load = parsers[key];
  if (!load || !Object.hasOwn(parsers, key)) return [{ text: code, classes: "" }];
  let parser = loaded.get(key);
  if (!parser) {
    parser = load();
    loaded.set(key, parser);
  }
  const tree = (await parser).parse(code);
  const tokens: Token[] = [];
  highlightCode(
    code,
    tree,
    classHighlighter,
    (text, classes) => tokens.push({ text, classes }),
    () => tokens.push({ text: "\n", classes: "" }),
  );
  return tokens;
}
