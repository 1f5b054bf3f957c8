import type { JavaVersion } from "@koc/shared";
import { runJava } from "./run-java";
import { runJavaScript } from "./run-javascript";
import { runPython } from "./run-python";

/**
 * Runs code for the editor and returns the text for its output console.
 * `stdin` (a lesson example's input block) feeds Java and Python programs that read input.
 */
export async function execute(
  language: string,
  code: string,
  javaVersion: JavaVersion,
  onProgress: (text: string) => void,
  stdin?: string,
): Promise<string> {
  try {
    if (language === "javascript") return await runJavaScript(code);
    if (language === "python") return await runPython(code, onProgress, stdin);
    if (language === "java") return await runJava(code, javaVersion, stdin);
    return "Language not supported yet";
  } catch (error) {
    return `Error: ${error instanceof Error ? error.message : String(error)}`;
  }
}
