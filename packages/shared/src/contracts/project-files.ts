import { z } from "zod";

/**
 * Multi-file Java trials (docs/decisions/0032-multi-file-java-trials.md): how many files a project
 * may hold and how many characters all of them together, in the content and in a submission.
 */
export const PROJECT_LIMITS = { files: 24, totalChars: 200_000 } as const;

/** A project file's path: relative, Java names joined by "/", ending in .java (or the read-only pom.xml). */
export const TRIAL_FILE_PATH = /^(?:[A-Za-z_$][A-Za-z0-9_$]*\/)*[A-Za-z_$][A-Za-z0-9_$]*\.java$/;

/** One file of a multi-file trial, as the editor shows it and a submission sends it. */
export const trialFile = z.object({
  path: z
    .string()
    .max(200, "must be at most 200 characters")
    .regex(TRIAL_FILE_PATH, "must be a relative path ending in .java"),
  code: z.string().max(100_000, "must be at most 100000 characters"),
});
export type TrialFile = z.infer<typeof trialFile>;

/** A project's files in a request: distinct paths, within PROJECT_LIMITS. */
export const projectFilesBody = z
  .array(trialFile)
  .min(1, "must hold at least one file")
  .max(PROJECT_LIMITS.files, `must hold at most ${PROJECT_LIMITS.files} files`)
  .superRefine((files, ctx) => {
    const seen = new Set<string>();
    for (const [i, f] of files.entries()) {
      if (seen.has(f.path)) ctx.addIssue({ code: "custom", path: [i, "path"], message: `${f.path} appears twice` });
      seen.add(f.path);
    }
    const chars = files.reduce((n, f) => n + f.code.length, 0);
    if (chars > PROJECT_LIMITS.totalChars)
      ctx.addIssue({ code: "custom", message: `must hold at most ${PROJECT_LIMITS.totalChars} characters in all` });
  });

/** A project file as the trial page shows it: the read-only pom.xml of a Maven project too. */
export const projectFile = z.object({ path: z.string(), code: z.string(), readOnly: z.boolean().optional() });
export type ProjectFile = z.infer<typeof projectFile>;
