/**
 * Multi-file Java trials ("projects", docs/decisions/0032-multi-file-java-trials.md): a section
 * whose code blocks each name their file (```` ```java file=kingdom/Army.java ````). Flat projects
 * keep their sources under the project root; a Maven project keeps them under src/main/java, the
 * learner's own tests under src/test/java, and shows a read-only pom.xml.
 */
import { PROJECT_LIMITS } from "@koc/shared";
import type { TrialFile, TrialProject } from "./schema.js";
import type { CodeBlock } from "./validate.js";

export const MAVEN_MAIN = "src/main/java/";
export const MAVEN_TEST = "src/test/java/";
const SEGMENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Whether a section is written as a project: any of its blocks names a file. */
export const isProjectSection = (blocks: CodeBlock[]): boolean => blocks.some((b) => b.file !== undefined);

/** The source root a path lives under ("" for a flat project), or undefined when it has none. */
function sourceRoot(path: string, layout: TrialProject["layout"]): string | undefined {
  if (layout === "flat") return "";
  if (path.startsWith(MAVEN_MAIN)) return MAVEN_MAIN;
  if (path.startsWith(MAVEN_TEST)) return MAVEN_TEST;
  return undefined;
}

/** `kingdom.army` for src/main/java/kingdom/army/Unit.java in a Maven project. */
export function packageOf(path: string, layout: TrialProject["layout"]): string {
  const root = sourceRoot(path, layout) ?? "";
  return path.slice(root.length).split("/").slice(0, -1).join(".");
}

/** The declared package of a Java source ("" for the default package). */
export function declaredPackage(code: string): string {
  const stripped = code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
  return /^\s*package\s+([\w.]+)\s*;/m.exec(stripped)?.[1] ?? "";
}

/** Whether the file is a learner's own test (Maven: under src/test/java). */
export const isTestFile = (path: string): boolean => path.startsWith(MAVEN_TEST);

/**
 * Reads one section's blocks as project files, with every problem of its paths and packages.
 * `role` decides what may appear: only the starter shows the read-only pom.xml.
 */
export function projectFiles(
  blocks: CodeBlock[],
  section: "Starter" | "Solution" | "Wrong",
): { files: TrialFile[]; layout: TrialProject["layout"]; problems: string[] } {
  const problems: string[] = [];
  const files: TrialFile[] = [];
  const layout: TrialProject["layout"] = blocks.some((b) => b.file?.startsWith("src/") || b.file === "pom.xml")
    ? "maven"
    : "flat";
  const seen = new Set<string>();
  for (const b of blocks) {
    const path = b.file;
    if (path === undefined) {
      problems.push(`## ${section}: every code block of a project names its file (\`\`\`java file=<path>)`);
      continue;
    }
    if (seen.has(path)) problems.push(`## ${section}: ${path} appears twice`);
    seen.add(path);
    if (path === "pom.xml") {
      if (section !== "Starter" || b.lang !== "xml" || !b.readOnly)
        problems.push(`## ${section}: pom.xml belongs in ## Starter only, as an \`\`\`xml file=pom.xml readonly block`);
      else files.push({ path, code: b.code, readOnly: true });
      continue;
    }
    const segments = path.split("/");
    const name = segments.at(-1) ?? "";
    if (
      path.startsWith("/") ||
      !name.endsWith(".java") ||
      !segments.slice(0, -1).every((s) => SEGMENT.test(s)) ||
      !SEGMENT.test(name.slice(0, -5))
    ) {
      problems.push(
        `## ${section}: ${path} must be a relative path of Java names ending in .java (no "..", no leading /)`,
      );
      continue;
    }
    if (b.lang !== "java" || b.readOnly) problems.push(`## ${section}: ${path} must be an editable \`\`\`java block`);
    if (sourceRoot(path, layout) === undefined)
      problems.push(`## ${section}: ${path} must lie under ${MAVEN_MAIN} or ${MAVEN_TEST} in a Maven project`);
    else if (declaredPackage(b.code) !== packageOf(path, layout))
      problems.push(
        `## ${section}: ${path} must declare ${packageOf(path, layout) ? `package ${packageOf(path, layout)};` : "no package"} (its folder)`,
      );
    const publicType =
      /\bpublic\s+(?:(?:abstract|final|sealed|non-sealed|strictfp)\s+)*(?:class|interface|enum|record)\s+(\w+)/.exec(
        b.code,
      )?.[1];
    if (publicType !== undefined && `${publicType}.java` !== name)
      problems.push(`## ${section}: ${path} declares public ${publicType}, so its file must be ${publicType}.java`);
    files.push({ path, code: b.code });
  }
  if (files.length > PROJECT_LIMITS.files)
    problems.push(`## ${section}: at most ${PROJECT_LIMITS.files} files (found ${files.length})`);
  const chars = files.reduce((n, f) => n + f.code.length, 0);
  if (chars > PROJECT_LIMITS.totalChars)
    problems.push(`## ${section}: at most ${PROJECT_LIMITS.totalChars} characters in all (found ${chars})`);
  return { files, layout, problems };
}

/** The file declaring `public static void main` in class Main, outside the tests; its binary name. */
export function mainClassOf(files: TrialFile[], layout: TrialProject["layout"]): string | undefined {
  const mains = files.filter(
    (f) =>
      !f.readOnly &&
      !isTestFile(f.path) &&
      f.path.split("/").at(-1) === "Main.java" &&
      /public\s+static\s+void\s+main\s*\(/.test(f.code),
  );
  if (mains.length !== 1) return undefined;
  const pkg = packageOf((mains[0] as TrialFile).path, layout);
  return pkg ? `${pkg}.Main` : "Main";
}

/** The files javac compiles for the program alone (no tests, no pom.xml). */
export const programSources = (files: TrialFile[]): TrialFile[] =>
  files.filter((f) => !f.readOnly && !isTestFile(f.path));

/** `over` replaces the files of `base` it names and adds the others (a ## Wrong holds only what differs). */
export function overlay(base: TrialFile[], over: TrialFile[]): TrialFile[] {
  const byPath = new Map(base.map((f) => [f.path, f]));
  for (const f of over) byPath.set(f.path, f);
  return [...byPath.values()];
}
