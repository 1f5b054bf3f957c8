/**
 * Simulated execution, kept only as the labelled fallback when no Java runner is available (the
 * server runs Java for real whenever it can: docs/decisions/0007-java-runs-in-a-bubblewrap-sandbox.md).
 * Pure scanners: nothing is evaluated, print statements and simple assignments are read line by line.
 */
export const SIMULATED_JAVA_NO_OUTPUT = "Code compiled successfully! (No output statements found)";
export const SIMULATED_PYTHON_NO_OUTPUT = "Code executed successfully! (No output statements found)";
export const SIMULATED_SUCCESS = "Program executed successfully!";

type Value = string | number | boolean;
type Scope = Map<string, { value: Value; decimal: boolean }>;

/** Splits on a separator outside quotes and brackets. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quote) {
      current += ch;
      if (ch === "\\" && i + 1 < text.length) current += text[++i];
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) depth--;
    if (ch === separator && depth === 0) {
      parts.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (current.trim() !== "") parts.push(current.trim());
  return parts;
}

const unescapeText = (s: string) =>
  s
    .replace(/\\n/g, "\n")
    .replace(/\\t/g, "\t")
    .replace(/\\(["'\\])/g, "$1");

function formatNumber(n: number, decimal: boolean): string {
  return decimal && Number.isInteger(n) ? n.toFixed(1) : String(n);
}

/** One operand: a literal, a known variable, or (unknown) its own text. */
function operand(raw: string, scope: Scope, lang: "java" | "python"): { value: Value; decimal: boolean } {
  const text = raw
    .trim()
    .replace(/^\((.*)\)$/, "$1")
    .trim();
  const str = text.match(/^(["'])(.*)\1$/s);
  if (str) return { value: unescapeText(str[2] ?? ""), decimal: false };
  if (lang === "python") {
    const f = text.match(/^[fF](["'])(.*)\1$/s);
    if (f) return { value: formatF(f[2] ?? "", scope), decimal: false };
  }
  if (/^-?\d+$/.test(text)) return { value: Number(text), decimal: false };
  if (/^-?\d*\.\d+[fFdD]?$|^-?\d+[fFdD]$/.test(text)) return { value: Number.parseFloat(text), decimal: true };
  if (text === "true" || text === "True") return { value: lang === "java" ? "true" : "True", decimal: false };
  if (text === "false" || text === "False") return { value: lang === "java" ? "false" : "False", decimal: false };
  const known = scope.get(text);
  if (known) return known;
  return { value: text, decimal: false };
}

/** Left-to-right `+` like Java and Python: numbers add until a string joins in. */
function evaluate(expression: string, scope: Scope, lang: "java" | "python"): { value: Value; decimal: boolean } {
  const parts = splitTopLevel(expression, "+");
  if (parts.length === 0) return { value: "", decimal: false };
  let acc = operand(parts[0] as string, scope, lang);
  for (const part of parts.slice(1)) {
    const next = operand(part, scope, lang);
    if (typeof acc.value === "number" && typeof next.value === "number") {
      acc = { value: acc.value + next.value, decimal: acc.decimal || next.decimal };
    } else {
      acc = { value: show(acc) + show(next), decimal: false };
    }
  }
  return acc;
}

const show = (v: { value: Value; decimal: boolean }): string =>
  typeof v.value === "number" ? formatNumber(v.value, v.decimal) : String(v.value);

/** f-string substitution: {name} (and {name:format}) become the variable's value. */
function formatF(template: string, scope: Scope): string {
  return unescapeText(template).replace(/\{([^{}:!]+)(?:[:!][^{}]*)?\}/g, (_all, name: string) => {
    const v = scope.get(name.trim());
    return v ? show(v) : `{${name}}`;
  });
}

function finish(lines: string[], noOutput: string): string {
  return lines.length === 0 ? noOutput : `${lines.join("\n")}\n\n${SIMULATED_SUCCESS}`;
}

const JAVA_ASSIGNMENT = /^(?:final\s+)?(int|String|double|float|boolean)\s+(\w+)\s*=\s*(.+?);/;
const JAVA_PRINT = /System\.out\.(println|print)\s*\((.*)\)\s*;/;

/** Simulated Java: print statements and typed assignments (int, String, double, float, boolean). */
export function simulateJava(code: string): string {
  const scope: Scope = new Map();
  const lines: string[] = [];
  let pending: string | null = null;
  let printed = false;
  for (const rawLine of code.split("\n")) {
    const line = rawLine.trim();
    if (line.startsWith("//")) continue;
    const assignment = line.match(JAVA_ASSIGNMENT);
    if (assignment) {
      const [, type, name, expr] = assignment as unknown as [string, string, string, string];
      const v = evaluate(expr, scope, "java");
      const decimal = type === "double" || type === "float";
      scope.set(name, typeof v.value === "number" ? { value: v.value, decimal } : { value: String(v.value), decimal });
      continue;
    }
    const print = line.match(JAVA_PRINT);
    if (!print) continue;
    printed = true;
    const [, kind, args] = print as unknown as [string, string, string];
    const text = args.trim() === "" ? "" : show(evaluate(args, scope, "java"));
    if (kind === "println") {
      lines.push((pending ?? "") + text);
      pending = null;
    } else pending = (pending ?? "") + text;
  }
  if (pending !== null) lines.push(pending);
  return printed ? finish(lines, SIMULATED_JAVA_NO_OUTPUT) : SIMULATED_JAVA_NO_OUTPUT;
}

const PY_PRINT = /^print\s*\((.*)\)\s*$/;
const PY_ASSIGNMENT = /^([A-Za-z_]\w*)\s*=(?!=)\s*(.+)$/;

/** Simulated Python: print calls and simple assignments, with f-string substitution. */
export function simulatePython(code: string): string {
  const scope: Scope = new Map();
  const lines: string[] = [];
  for (const rawLine of code.split("\n")) {
    const line = rawLine.replace(/\s+#[^"']*$/, "").trim();
    if (line === "" || line.startsWith("#")) continue;
    const print = line.match(PY_PRINT);
    if (print) {
      const args = splitTopLevel(print[1] ?? "", ",").filter((a) => !/^(sep|end)\s*=/.test(a));
      lines.push(args.map((a) => show(evaluate(a, scope, "python"))).join(" "));
      continue;
    }
    const assignment = line.match(PY_ASSIGNMENT);
    if (assignment) scope.set(assignment[1] as string, evaluate(assignment[2] as string, scope, "python"));
  }
  return finish(lines, SIMULATED_PYTHON_NO_OUTPUT);
}
