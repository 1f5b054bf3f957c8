import type { MentorContext } from "@koc/shared";
import type { CodeRunner, JobOwner } from "../../adapters/code-runner/types.js";
import { RateLimitedError, UnavailableError, UnsupportedError } from "../../errors.js";
import { knownError } from "./explain/table.js";

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

const firstLine = (text: string) => /:(\d+):/.exec(text)?.[1];

/** The curated explanation of a Java error (the same table as "Explain this error"), else the fallback. */
function explain(text: string, fallback: Lesson): Lesson {
  const hit = knownError("java", text);
  return hit ? { hint: `${hit.meaning} ${hit.next}`, topic: hit.section, materialId: hit.materialId } : fallback;
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
      ...explain(first, {
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
      ...explain(thrown?.[0] ?? result.stderr, {
        topic: "exception stack trace",
        materialId: "java-programming--exception-handling",
        hint: "Read the stack trace from the top: the first `at` line from your own class is where it happened.",
      }),
    };
  }
  return { kind: "ok", stdout: result.stdout };
}
