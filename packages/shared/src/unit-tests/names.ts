/**
 * Reading a trial's hidden unit tests without running them: their readable names (so every test
 * is listed even when the run never reached it) and the string literals an author wrote (the only
 * messages a failed hidden test may show).
 */
export type TestLanguage = "java" | "python" | "javascript";

const unquote = (s: string) =>
  s.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_m, c: string) => {
    if (c.length === 5) return String.fromCharCode(Number.parseInt(c.slice(1), 16));
    return c === "n" ? "\n" : c === "t" ? "\t" : c;
  });

/**
 * The names of the tests, in source order. Java: the `@DisplayName("...")` of each `@Test` method
 * (every test needs one); Python: the first line of each `test_...` method's docstring; JavaScript:
 * the literal first argument of each `test("...", ...)`. Undefined when a test has no such name.
 */
export function testNames(language: TestLanguage, source: string): string[] | undefined {
  if (language === "java") {
    const tests = source.match(/@Test\b/g)?.length ?? 0;
    const names = [...source.matchAll(/@DisplayName\(\s*"((?:\\.|[^"\\])*)"\s*\)/g)].map((m) => unquote(m[1] ?? ""));
    return tests > 0 && names.length === tests ? names : undefined;
  }
  if (language === "python") {
    const methods = source.match(/^\s*def\s+test\w*\s*\(/gm)?.length ?? 0;
    const names = [
      ...source.matchAll(/^\s*def\s+test\w*\s*\(self\)\s*(?:->\s*None\s*)?:\s*\n\s*"""\s*([^\n]*?)\s*(?:"""|\n)/gm),
    ].map((m) => (m[1] ?? "").trim());
    return methods > 0 && names.length === methods && names.every(Boolean) ? names : undefined;
  }
  const calls = source.match(/\btest\s*\(/g)?.length ?? 0;
  const names = [...source.matchAll(/\btest\s*\(\s*(["'])((?:\\.|(?!\1)[^\\\n])*)\1\s*,/g)].map((m) =>
    unquote(m[2] ?? ""),
  );
  return calls > 0 && names.length === calls ? names : undefined;
}

/** Every string literal of a test source, unescaped: what its author may show a learner. */
export function stringLiterals(source: string): Set<string> {
  const found = new Set<string>();
  for (const m of source.matchAll(
    /"""([\s\S]*?)"""|"((?:\\.|[^"\\\n])*)"|'((?:\\.|[^'\\\n])*)'|`((?:\\.|[^`\\$])*)`/g,
  )) {
    const text = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (text !== undefined) found.add(unquote(text).trim());
  }
  return found;
}
