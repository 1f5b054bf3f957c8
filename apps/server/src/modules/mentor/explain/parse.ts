import type { MentorCodeLanguage } from "@koc/shared";

/** The first error in a compiler's, interpreter's or test runner's output, as far as it can be read. */
export interface ParsedError {
  /** The language whose output this looks like (undefined: no telling). */
  language: MentorCodeLanguage | undefined;
  /** The line of the learner's code it points at (1-based), when the output names one. */
  line: number | undefined;
  /** "cannot find symbol", "NullPointerException: Cannot invoke ...", "NameError: name 'x' is not defined". */
  headline: string;
}

/** How much of a pasted error is read: the first error is near the top, and regexes stay fast. */
export const READ_LIMIT = 8000;

const JAVAC = /(?:^|[\s\\/])([\w$]+\.java):(\d+): error: (.+)$/m;
const JAVA_THROWN = /^Exception in thread "[^"]*" ([\w.$]+(?:Exception|Error)\b[^\n]*)$/m;
const JAVA_CAUSE = /^(?:Caused by: )?((?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error)\b[^\n]*)$/m;
/** A stack frame in the learner's own code: not java.base/, jdk., sun. or org.junit frames. */
const JAVA_FRAME = /^\s*at (?!java\.|jdk\.|sun\.|org\.junit|org\.opentest4j)[\w$.<>]+\(([\w$]+\.java):(\d+)\)/gm;
const PY_FILE = /^\s*File "([^"]*)", line (\d+)/gm;
const PY_LAST = /^([A-Z]\w*(?:Error|Exception|Warning)|KeyboardInterrupt|StopIteration)(?::\s?(.*))?$/gm;
const NODE_HEADER = /^(?:file:\/\/)?(?:\/[^\n:]*|[A-Za-z]:\\[^\n:]*|<anonymous>)\.?[cm]?js:(\d+)$/m;
const JS_HEAD =
  /^(?:Uncaught )?(?:Runtime Error: )?((?:ReferenceError|TypeError|SyntaxError|RangeError|EvalError|URIError|Error|AggregateError): .+)$/m;
/** A frame of the learner's script: a file, an eval'd or sandboxed script (<anonymous>), never node:internal. */
const JS_FRAME = /^\s*at (.*?)(?:\.[cm]?js|<anonymous>):(\d+):(\d+)\)?$/gm;

const lineOf = (text: string | undefined) => {
  const n = text === undefined ? Number.NaN : Number(text);
  return Number.isInteger(n) && n > 0 && n < 1_000_000 ? n : undefined;
};

function parseJava(text: string): ParsedError | undefined {
  const compile = JAVAC.exec(text);
  if (compile) return { language: "java", line: lineOf(compile[2]), headline: compile[3]?.trim() ?? "" };
  const thrown = JAVA_THROWN.exec(text) ?? JAVA_CAUSE.exec(text);
  if (!thrown?.[1]) return undefined;
  // The exception's simple name and its message: java.lang.ArithmeticException: / by zero.
  const headline = thrown[1].replace(/^(?:[a-z_$][\w$]*\.)+/, "").trim();
  const own = [...text.matchAll(JAVA_FRAME)][0];
  return { language: "java", line: lineOf(own?.[2]), headline };
}

function parsePython(text: string): ParsedError | undefined {
  const last = [...text.matchAll(PY_LAST)].pop();
  const traceback = /Traceback \(most recent call last\)|^\s*File "[^"]*", line \d+/m.test(text);
  if (!last || (!traceback && !/^(\w*Error|\w*Exception):/m.test(text))) return undefined;
  // The innermost frame of the learner's own file: not the standard library's or Pyodide's.
  const frames = [...text.matchAll(PY_FILE)].filter((m) => !/(^|\/)(lib|_pyodide|pyodide)\//.test(m[1] ?? ""));
  const headline = last[2] ? `${last[1]}: ${last[2].trim()}` : (last[1] ?? "");
  return { language: "python", line: lineOf(frames.pop()?.[2]), headline };
}

function parseJavaScript(text: string): ParsedError | undefined {
  const head = JS_HEAD.exec(text);
  if (!head?.[1]) return undefined;
  // Node prints "file.js:LINE" above a syntax or runtime error; runtime errors also have frames.
  const line =
    lineOf(NODE_HEADER.exec(text)?.[1]) ??
    lineOf([...text.matchAll(JS_FRAME)].find((m) => !/node:|\(internal\//.test(m[1] ?? ""))?.[2]);
  return { language: "javascript", line, headline: head[1].trim() };
}

/** The language whose error this is, by its shape alone. */
export function errorLanguage(text: string): MentorCodeLanguage | undefined {
  const sample = text.slice(0, READ_LIMIT);
  if (JAVAC.test(sample) || JAVA_THROWN.test(sample) || /^\s*at [\w$.]+\([\w$]+\.java:\d+\)/m.test(sample))
    return "java";
  if (/Traceback \(most recent call last\)|^\s*File "[^"]*", line \d+/m.test(sample)) return "python";
  if (NODE_HEADER.test(sample) || /^\s*at .*(?:\.[cm]?js|<anonymous>):\d+:\d+/m.test(sample)) return "javascript";
  return undefined;
}

/**
 * Reads the first error out of javac, `java` (a stack trace), a Python traceback or Node's output,
 * and the line it points at in the learner's code. `selected` is the editor's language, tried
 * first; an error shaped like another language's is read as that language's.
 */
export function parseError(raw: string, selected: MentorCodeLanguage): ParsedError {
  // The editor's consoles put "Runtime Error: " before what the runtime said.
  const text = raw
    .slice(0, READ_LIMIT)
    .replace(/\r\n?/g, "\n")
    .replace(/^(Runtime )?Error: (?=\w+(Error|Exception)\b)/gm, "");
  const parsers = { java: parseJava, python: parsePython, javascript: parseJavaScript };
  const shaped = errorLanguage(text);
  const order: MentorCodeLanguage[] = [shaped ?? selected, selected, "java", "python", "javascript"];
  for (const language of order) {
    const found = parsers[language](text);
    if (found) return found;
  }
  const first = text.split("\n").find((l) => l.trim() !== "") ?? "";
  return {
    language: shaped,
    line: undefined,
    headline: first
      .replace(/^(Runtime )?Error:\s*/, "")
      .trim()
      .slice(0, 300),
  };
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Where an error that names no line (the browser's JavaScript and Python consoles show only the
 * message) most likely happened: the first line of the code that uses the name the message names.
 */
export function locateLine(headline: string, code: string): number | undefined {
  const name =
    /^(?:NameError: name |ReferenceError: )?'?([A-Za-z_$][\w$]*)'? is not defined/.exec(headline)?.[1] ??
    /Cannot access '([A-Za-z_$][\w$]*)' before initialization/.exec(headline)?.[1];
  const called = /^(?:TypeError: )?([A-Za-z_$][\w$.]*) is not a function/.exec(headline)?.[1];
  const property = /reading '([^']+)'\)/.exec(headline)?.[1] ?? /has no attribute '([^']+)'/.exec(headline)?.[1];
  const key = /^KeyError: (['"]?)(.+)\1$/.exec(headline)?.[2];
  const pattern = name
    ? new RegExp(`(?<![\\w$.])${literal(name)}(?![\\w$])`)
    : called
      ? new RegExp(`${literal(called)}\\s*\\(`)
      : property
        ? new RegExp(`\\.${literal(property)}(?![\\w$])`)
        : key
          ? new RegExp(`\\[\\s*(['"]?)${literal(key)}\\1\\s*\\]`)
          : undefined;
  if (!pattern) return undefined;
  const lines = code.split(/\r?\n/);
  // Comments and strings mention names too; skip lines that only mention it there.
  const bare = (l: string) => l.replace(/(["'`])(?:\\.|(?!\1).)*\1|\/\/.*$|#.*$/g, "");
  const index = lines.findIndex((l) => pattern.test(key ? l : bare(l)));
  return index >= 0 ? index + 1 : undefined;
}
