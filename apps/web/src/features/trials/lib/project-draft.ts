import type { ExerciseDetail, ProjectFile, TrialFile } from "@koc/shared";
import { z } from "zod";

/**
 * A project trial's draft is the existing draft text holding its editable files as JSON
 * (docs/decisions/0032-multi-file-java-trials.md): the drafts store and its size limit stay as they are.
 */
const draftFiles = z.array(z.object({ path: z.string(), code: z.string() })).min(1);

/** The editable files of a project, as a draft's text. */
export function filesToDraft(files: readonly TrialFile[]): string {
  return JSON.stringify(files.map((f) => ({ path: f.path, code: f.code })));
}

/** The starter's editable files, as a draft's text. */
export function starterDraft(exercise: ExerciseDetail): string {
  return exercise.files ? filesToDraft(exercise.files.filter((f) => !f.readOnly)) : exercise.starter;
}

/**
 * Every file of the project as the editor shows it: each starter file (read-only ones as they are)
 * with the draft's code where the draft holds that path. A draft that does not parse (an older
 * single-file draft, a damaged one) leaves the starter.
 */
export function projectFromDraft(starter: readonly ProjectFile[], text: string): ProjectFile[] {
  let parsed: z.infer<typeof draftFiles> | null = null;
  try {
    const result = draftFiles.safeParse(JSON.parse(text));
    if (result.success) parsed = result.data;
  } catch {
    parsed = null;
  }
  const drafted = new Map((parsed ?? []).map((f) => [f.path, f.code]));
  return starter.map((f) => (f.readOnly ? f : { ...f, code: drafted.get(f.path) ?? f.code }));
}

/** What a Run or Submit sends: every editable file, and `code` its Main.java (or its first file). */
export function submissionFiles(files: readonly ProjectFile[]): { code: string; files: TrialFile[] } {
  const editable = files.filter((f) => !f.readOnly).map((f) => ({ path: f.path, code: f.code }));
  const main = editable.find((f) => f.path === "Main.java" || f.path.endsWith("/Main.java")) ?? editable[0];
  return { code: main?.code ?? "", files: editable };
}
