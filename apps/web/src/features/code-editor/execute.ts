import type { JavaVersion } from "@koc/shared";
import { runJava } from "./run-java";
import { runJavaScript } from "./run-javascript";
import { runPython } from "./run-python";

/** Runs code for the editor and returns the text for its output console (spec sections 4, 5, 8). */
export async function execute(
  language: string,
  code: string,
  javaVersion: JavaVersion,
  onProgress: (text: string) => void,
): Promise<string> {
  try {
    if (language === "javascript") return await runJavaScript(code);
    if (language === "python") return await runPython(code, onProgress);
    if (language === "java") return await runJava(code, javaVersion);
    return "Language not supported yet";
  } catch (error) {
    return `Error: ${error instanceof Error ? error.message : String(error)}`;
  }
}
