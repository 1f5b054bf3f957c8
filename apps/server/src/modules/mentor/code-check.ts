import type { MentorContext } from "@koc/shared";
import type { CodeRunner, JobOwner } from "../../adapters/code-runner/types.js";
import { RateLimitedError, UnavailableError, UnsupportedError } from "../../errors.js";

/** The explanation and where a lesson teaches it. */
interface Lesson {
  hint: string;
  topic: string;
  materialId: string;
}

/** What the same compile-and-run as POST /api/run found in the learner's code. */
export type CodeFinding =
  | { kind: "unavailable"; reason: string }
  | { kind: "browser-language"; language: "javascript" | "python" }
  | ({ kind: "compile-error"; line: number | undefined; message: string } & Lesson)
  | ({ kind: "runtime-error"; exception: string; line: number | undefined } & Lesson)
  | ({ kind: "timeout" } & Lesson)
  | { kind: "ok"; stdout: string };

/** Does the question ask about the code in the editor (rather than a topic)? */
export function asksAboutCode(message: string, context: MentorContext | undefined): boolean {
  if (!context?.code?.trim() || !context.language) return false;
  return /\b(code|program|compile[sd]?|compiling|compiler|javac|error|errors|exception|bug|wrong|fix|work|works|working|run|runs|crash|fails?|output|line|mine|my)\b/i.test(
    message,
  );
}

interface Explanation {
  pattern: RegExp;
  hint: string;
  /** Words that find the section which covers it, */
  topic: string;
  /** in this lesson. */
  materialId: string;
}

/** javac's most common first errors, in the words a mentor would use; first match wins. */
const COMPILE_ERRORS: Explanation[] = [
  {
    pattern: /';' expected/,
    hint: "Every Java statement ends with a semicolon. Look at the end of that line (or the line just before it): one is missing.",
    topic: "first program statements semicolon syntax main method",
    materialId: "java-programming--introduction-to-java",
  },
  {
    pattern: /cannot find symbol/,
    hint: "javac met a name it does not know: check its spelling and capitals, that the variable is declared before this line and in a scope that reaches it, and that any class you use is imported.",
    topic: "variables declaration scope",
    materialId: "java-programming--variables-and-data-types",
  },
  {
    pattern: /incompatible types|possible lossy conversion/,
    hint: "A value of one type is put where another type is expected. Check the declared type of the variable, or convert the value explicitly (a cast, or a method such as Integer.parseInt).",
    topic: "type conversion casting widening narrowing",
    materialId: "java-programming--type-conversion-and-casting",
  },
  {
    pattern: /missing return statement/,
    hint: "A method that declares a return type must return a value on every path, including after an if without else or after a loop.",
    topic: "methods return values return statement",
    materialId: "java-programming--methods",
  },
  {
    pattern: /might not have been initialized/,
    hint: "A local variable must be given a value before it is read. Assign it when you declare it, or make sure every branch assigns it.",
    topic: "variables data types initialise local variable",
    materialId: "java-programming--variables-and-data-types",
  },
  {
    pattern: /non-static (variable|method) .* cannot be referenced from a static context/,
    hint: "main is static, so it cannot use instance fields or methods directly. Create an object and call the method on it, or make the member static.",
    topic: "static members static methods",
    materialId: "java-programming--static-members",
  },
  {
    pattern: /unreported exception/,
    hint: "This method can throw a checked exception. Either catch it with try/catch, or declare it with throws in your method's signature.",
    topic: "checked unchecked exceptions throws",
    materialId: "java-programming--checked-unchecked-and-custom-exceptions",
  },
  {
    pattern: /class .* is public, should be declared in a file named/,
    hint: "A public class must live in a file of the same name. Keep one public class with the main method, or remove public from the others.",
    topic: "first program class main method file",
    materialId: "java-programming--introduction-to-java",
  },
  {
    pattern: /reached end of file while parsing|class, interface, enum, or record expected|illegal start of/,
    hint: "The braces do not balance: count every { against its }. An extra or missing brace shifts everything after it.",
    topic: "first program class main method braces syntax",
    materialId: "java-programming--introduction-to-java",
  },
  {
    pattern: /cannot be applied to|no suitable (method|constructor) found|constructor .* in class .* cannot be applied/,
    hint: "The call does not match the parameters the method or constructor declares: compare the number, order and types of the arguments.",
    topic: "constructors parameters method overloading",
    materialId: "java-programming--constructors-and-this",
  },
  {
    pattern: /unreachable statement/,
    hint: "A statement after return, break, continue or an endless loop can never run. Remove it or move it before that point.",
    topic: "break continue loops",
    materialId: "java-programming--break-continue-and-nested-loops",
  },
];

const EXCEPTIONS: Explanation[] = [
  {
    pattern: /ArrayIndexOutOfBoundsException|StringIndexOutOfBoundsException|IndexOutOfBoundsException/,
    hint: "An index is outside the valid range, which runs from 0 to length - 1. Check loop bounds: `<` rather than `<=` with `.length`.",
    topic: "arrays index length",
    materialId: "java-programming--arrays",
  },
  {
    pattern: /NullPointerException/,
    hint: "A reference was null when you used it. Find the variable on that line that never got an object.",
    topic: "objects null reference constructors new",
    materialId: "java-programming--classes-and-objects",
  },
  {
    pattern: /ArithmeticException/,
    hint: "Integer division by zero is not allowed. Check the divisor before dividing.",
    topic: "exception handling try catch arithmetic",
    materialId: "java-programming--exception-handling",
  },
  {
    pattern: /NumberFormatException/,
    hint: "A String that is not a number was converted with parseInt or parseDouble. Check the text first, or catch the exception.",
    topic: "wrapper classes parseInt",
    materialId: "java-programming--wrapper-classes-and-autoboxing",
  },
  {
    pattern: /ClassCastException/,
    hint: "An object was cast to a type it does not have. Check it with instanceof before casting.",
    topic: "polymorphism casting instanceof",
    materialId: "java-programming--polymorphism-and-overriding",
  },
  {
    pattern: /ConcurrentModificationException/,
    hint: "The collection was changed while a for-each loop walked it. Use the iterator's remove, or removeIf.",
    topic: "iterators collections removeIf",
    materialId: "java-programming--comparable-comparator-iterators",
  },
  {
    pattern: /StackOverflowError/,
    hint: "A method called itself without reaching its base case. Check that each recursive call moves toward it.",
    topic: "recursion base case",
    materialId: "java-programming--overloading-and-recursion",
  },
  {
    pattern: /InputMismatchException|NoSuchElementException/,
    hint: "The program read input that was not there or not of the expected type. The editor runs without input unless you give some.",
    topic: "exception handling input",
    materialId: "java-programming--exception-handling",
  },
];

const firstLine = (text: string) => /:(\d+):/.exec(text)?.[1];

function explain(table: Explanation[], text: string, fallback: Lesson): Lesson {
  const hit = table.find((e) => e.pattern.test(text));
  return hit ? { hint: hit.hint, topic: hit.topic, materialId: hit.materialId } : fallback;
}

/** Compiles and runs Java with the server's runner (the one behind POST /api/run). */
export async function checkCode(
  runner: CodeRunner,
  code: string,
  language: string,
  owner?: JobOwner,
): Promise<CodeFinding> {
  if (language === "javascript" || language === "python") return { kind: "browser-language", language };
  let result: Awaited<ReturnType<CodeRunner["run"]>>;
  try {
    result = await runner.run({ version: "java17", code, ...(owner ? { owner } : {}) });
  } catch (err) {
    // A busy queue is the asker's to hear about; "no runner" or "no JDK for this version" is a finding.
    if (err instanceof RateLimitedError) throw err;
    const reason =
      err instanceof UnavailableError || err instanceof UnsupportedError
        ? err.message
        : "the Java runner did not answer. Please try again in a moment.";
    return { kind: "unavailable", reason };
  }
  if (result.compileError) {
    const first = result.compileError.split("\n").find((l) => /error:/.test(l)) ?? result.compileError;
    const message = first.replace(/^.*?error:\s*/, "").trim();
    const line = firstLine(first);
    return {
      kind: "compile-error",
      line: line ? Number(line) : undefined,
      message,
      ...explain(COMPILE_ERRORS, result.compileError, {
        topic: "compile compiler javac error",
        materialId: "java-programming--introduction-to-java",
        hint: "Read javac's message from the top: the first error is the real one, the later ones often follow from it.",
      }),
    };
  }
  if (result.timedOut) {
    return {
      kind: "timeout",
      hint: "It compiled, but it ran out of time: most often a loop whose condition never becomes false, or a program waiting for input.",
      topic: "infinite loop condition",
      materialId: "java-programming--while-and-do-while-loops",
    };
  }
  const thrown = /Exception in thread "[^"]*" ([\w.$]+)(?::\s*(.*))?/.exec(result.stderr);
  if (thrown || (result.exitCode !== 0 && result.exitCode !== null && result.stderr.trim())) {
    const exception = thrown?.[1]?.split(".").pop() ?? result.stderr.trim().split("\n")[0] ?? "an error";
    const at = /\(\w+\.java:(\d+)\)/.exec(result.stderr)?.[1];
    return {
      kind: "runtime-error",
      exception: thrown?.[2] ? `${exception}: ${thrown[2].trim()}` : exception,
      line: at ? Number(at) : undefined,
      ...explain(EXCEPTIONS, result.stderr, {
        topic: "exception stack trace",
        materialId: "java-programming--exception-handling",
        hint: "Read the stack trace from the top: the first `at` line from your own class is where it happened.",
      }),
    };
  }
  return { kind: "ok", stdout: result.stdout };
}
