const IDENT = "[A-Za-z_$][\\w$]*";

/** Blanks comments, string/char literals and text blocks (same length, so positions stay). */
export function stripJavaNoise(code: string): string {
  return code.replace(/"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m) =>
    m.replace(/[^\n]/g, " "),
  );
}

export interface JavaEntry {
  /** Name of the file javac needs: the public top-level type, else Main. */
  fileClass: string;
  /** The class to run: the one declaring main (falls back to fileClass). */
  mainClass: string;
}

/**
 * Which file name the source needs and which class to launch. A public top-level type fixes the
 * file name; the class run is the one whose body declares `static void main`.
 */
export function detectEntry(code: string): JavaEntry {
  const clean = stripJavaNoise(code);
  const publicType = new RegExp(
    `(?:^|[^\\w$.])public\\s+(?:(?:final|abstract|strictfp|sealed|non-sealed)\\s+)*(?:class|interface|enum|record|@interface)\\s+(${IDENT})`,
  ).exec(clean);
  const mainAt = /\bstatic\s+(?:final\s+)?void\s+main\s*\(/.exec(clean)?.index;
  // Walk declarations and braces to find the (possibly nested) class whose body holds main.
  const stack: (string | null)[] = [];
  let pending: string | null = null;
  let firstType: string | undefined;
  let mainClass: string | undefined;
  const tokens = new RegExp(`(?:^|[^\\w$.])(?:class|interface|enum|record)\\s+(${IDENT})|[{};]`, "g");
  for (const t of clean.matchAll(tokens)) {
    const at = t.index ?? 0;
    if (mainAt !== undefined && mainClass === undefined && at > mainAt) {
      const names = stack.filter((n): n is string => n !== null);
      if (names.length > 0) mainClass = names.join("$");
    }
    if (t[1]) {
      pending = t[1];
      firstType ??= t[1];
    } else if (t[0] === "{") {
      stack.push(pending);
      pending = null;
    } else if (t[0] === "}") {
      stack.pop();
    } else {
      pending = null;
    }
  }
  const fileClass = publicType?.[1] ?? "Main";
  const pkg = /^\s*package\s+([\w$.]+)\s*;/m.exec(clean)?.[1];
  const simple = mainClass ?? publicType?.[1] ?? firstType ?? "Main";
  return { fileClass, mainClass: pkg ? `${pkg}.${simple}` : simple };
}
