/**
 * Entry-class detection for learners' Java, in one linear pass: a small tokenizer that skips
 * comments, string and char literals and text blocks, and a walk over its tokens. No regular
 * expression runs over the source, so no input (60,000 newlines, thousands of unclosed comments or
 * quotes) can make it slow: the work is proportional to the length of the source.
 */

const isIdentStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c > 127;
const isIdentPart = (c: number) => isIdentStart(c) || (c >= 48 && c <= 57);

let steps = 0;

/**
 * Steps the last scan took (characters visited plus tokens walked): tests check that it grows in
 * proportion to the source, whatever its shape.
 */
export function lastScanSteps(): number {
  return steps;
}

interface Token {
  /** An identifier/keyword, or a single punctuation character. */
  text: string;
  start: number;
  end: number;
}

/** Where each comment, string, char literal and text block is, and the tokens outside them. */
function scan(code: string, onToken: (t: Token) => void, onNoise?: (start: number, end: number) => void): void {
  const n = code.length;
  let i = 0;
  steps = 0;
  while (i < n) {
    steps++;
    const c = code.charCodeAt(i);
    if (c === 47 /* / */ && code.charCodeAt(i + 1) === 47) {
      const start = i;
      i += 2;
      while (i < n && code.charCodeAt(i) !== 10) {
        i++;
        steps++;
      }
      onNoise?.(start, i);
    } else if (c === 47 && code.charCodeAt(i + 1) === 42 /* * */) {
      const start = i;
      i += 2;
      while (i < n && !(code.charCodeAt(i) === 42 && code.charCodeAt(i + 1) === 47)) {
        i++;
        steps++;
      }
      i = Math.min(n, i + 2);
      onNoise?.(start, i);
    } else if (c === 34 /* " */ && code.charCodeAt(i + 1) === 34 && code.charCodeAt(i + 2) === 34) {
      const start = i;
      i += 3;
      while (i < n && !(code.charCodeAt(i) === 34 && code.charCodeAt(i + 1) === 34 && code.charCodeAt(i + 2) === 34)) {
        i += code.charCodeAt(i) === 92 /* \ */ ? 2 : 1;
        steps++;
      }
      i = Math.min(n, i + 3);
      onNoise?.(start, i);
    } else if (c === 34 || c === 39 /* ' */) {
      // A string or char literal ends at its quote or, unclosed, at the end of the line.
      const start = i;
      i++;
      while (i < n) {
        steps++;
        const d = code.charCodeAt(i);
        if (d === c) {
          i++;
          break;
        }
        if (d === 10) break;
        i += d === 92 && code.charCodeAt(i + 1) !== 10 ? 2 : 1;
      }
      i = Math.min(n, i);
      onNoise?.(start, i);
    } else if (isIdentStart(c)) {
      const start = i;
      i++;
      while (i < n && isIdentPart(code.charCodeAt(i))) {
        i++;
        steps++;
      }
      onToken({ text: code.slice(start, i), start, end: i });
    } else if (c === 32 || c === 9 || c === 10 || c === 13 || c === 12) {
      i++;
    } else {
      onToken({ text: code[i] as string, start: i, end: i + 1 });
      i++;
    }
  }
}

/** Blanks comments, string/char literals and text blocks (same length, so positions stay). */
export function stripJavaNoise(code: string): string {
  const parts: string[] = [];
  let at = 0;
  scan(
    code,
    () => undefined,
    (start, end) => {
      parts.push(code.slice(at, start), code.slice(start, end).replace(/[^\n]/g, " "));
      at = end;
    },
  );
  parts.push(code.slice(at));
  return parts.join("");
}

export interface JavaEntry {
  /** Name of the file javac needs: the public top-level type, else Main. */
  fileClass: string;
  /** The class to run: the one declaring main (falls back to fileClass). */
  mainClass: string;
}

const TYPE_KEYWORDS = new Set(["class", "interface", "enum", "record"]);
const CLASS_MODIFIERS = new Set(["final", "abstract", "strictfp", "sealed", "non", "static"]);
const METHOD_MODIFIERS = new Set(["public", "protected", "private", "static", "final", "synchronized", "strictfp"]);

/**
 * Which file name the source needs and which class to launch. A public top-level type fixes the
 * file name; the class run is the one whose body declares `static void main(`.
 */
export function detectEntry(code: string): JavaEntry {
  const tokens: Token[] = [];
  scan(code, (t) => tokens.push(t));

  let publicType: string | undefined;
  let firstType: string | undefined;
  let mainClass: string | undefined;
  let pkg: string | undefined;
  // Names of the enclosing braces: a type's name, or null for any other block.
  const stack: (string | null)[] = [];
  let named = 0;
  let pending: string | null = null;
  // Set at a top-level `public`: then modifiers, a type keyword and its name may follow.
  let publicAt = -1;

  for (let k = 0; k < tokens.length; k++) {
    steps++;
    const t = tokens[k] as Token;
    const prev = tokens[k - 1]?.text;
    const next = tokens[k + 1]?.text;
    switch (t.text) {
      case "{":
        stack.push(pending);
        if (pending !== null) named++;
        pending = null;
        continue;
      case "}":
        if (typeof stack.pop() === "string") named--;
        pending = null;
        continue;
      case ";":
        pending = null;
        continue;
    }
    if (t.text === "package" && stack.length === 0 && pkg === undefined && firstType === undefined) {
      // package a.b.c ;
      const names: string[] = [];
      let j = k + 1;
      while (j < tokens.length && isIdentStart(tokens[j]?.text.charCodeAt(0) ?? 0)) {
        steps++;
        names.push(tokens[j]?.text as string);
        if (tokens[j + 1]?.text !== ".") break;
        j += 2;
      }
      if (names.length > 0 && tokens[j + 1]?.text === ";") {
        pkg = names.join(".");
        k = j + 1;
      }
      continue;
    }
    if (t.text === "public" && stack.length === 0 && prev !== ".") {
      publicAt = k;
      continue;
    }
    if (TYPE_KEYWORDS.has(t.text) && prev !== "." && next !== undefined && isIdentStart(next.charCodeAt(0))) {
      // `@interface Name`, `class Name`; `record` only before a name (it is also a plain identifier).
      pending = next;
      firstType ??= next;
      if (publicType === undefined && publicAt >= 0) publicType = next;
      publicAt = -1;
      k++;
      continue;
    }
    if (publicAt >= 0 && !(CLASS_MODIFIERS.has(t.text) || t.text === "-" || t.text === "@")) publicAt = -1;
    if (mainClass === undefined && t.text === "main" && next === "(" && prev === "void") {
      // Walk back over the modifiers before `void`: one of them must be `static`.
      let j = k - 2;
      let isStatic = false;
      while (j >= 0 && METHOD_MODIFIERS.has(tokens[j]?.text as string)) {
        steps++;
        if (tokens[j]?.text === "static") isStatic = true;
        j--;
      }
      if (isStatic && named > 0) {
        steps += stack.length;
        const names = stack.filter((s): s is string => s !== null);
        mainClass = names.join("$");
      }
    }
  }
  const fileClass = publicType ?? "Main";
  const simple = mainClass ?? publicType ?? firstType ?? "Main";
  return { fileClass, mainClass: pkg ? `${pkg}.${simple}` : simple };
}
