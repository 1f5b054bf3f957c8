import { DEFAULT_JAVA_VERSION, type JavaVersion } from "@koc/shared";
import { JAVA_SAMPLES, JAVASCRIPT_SAMPLE, PYTHON_SAMPLE } from "./samples";

export const EDITOR_LANGUAGES = ["java", "javascript", "python"] as const;
export type EditorLanguage = (typeof EDITOR_LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<EditorLanguage, string> = {
  java: "Java",
  javascript: "JavaScript",
  python: "Python",
};

export const isEditorLanguage = (value: string): value is EditorLanguage =>
  (EDITOR_LANGUAGES as readonly string[]).includes(value);

/** The default sample for a language. */
export function defaultSample(language: string, version: JavaVersion = DEFAULT_JAVA_VERSION): string {
  if (language === "java") return JAVA_SAMPLES[version];
  if (language === "javascript") return JAVASCRIPT_SAMPLE;
  if (language === "python") return PYTHON_SAMPLE;
  return "";
}

export const JAVA_VERSION_LABELS: Record<JavaVersion, string> = {
  java7: "Java 7",
  java8: "Java 8",
  java17: "Java 17 (LTS)",
  java21: "Java 21 (LTS)",
};
