import { z } from "zod";
import { slugId } from "./common.js";

/** Java versions the editor offers; java17 is the default. */
export const javaVersion = z.enum(["java7", "java8", "java17", "java21"]);
export type JavaVersion = z.infer<typeof javaVersion>;
export const DEFAULT_JAVA_VERSION: JavaVersion = "java17";

/** POST /api/run */
export const runRequest = z.object({
  language: z.literal("java"),
  version: javaVersion.default("java17"),
  code: z.string().min(1, "must not be empty").max(100_000, "must be at most 100000 characters"),
  stdin: z.string().max(100_000, "must be at most 100000 characters").optional(),
});
export type RunRequest = z.infer<typeof runRequest>;

export const runResult = z.object({
  stdout: z.string(),
  stderr: z.string(),
  exitCode: z.number().int().nullable(),
  /** javac's diagnostics when the program did not compile (then nothing ran). */
  compileError: z.string().optional(),
  timeMs: z.number().nonnegative(),
  timedOut: z.boolean(),
  truncated: z.boolean(),
});
export type RunResult = z.infer<typeof runResult>;

/** GET /api/run/status: which engine runs Java here and which versions it can target. */
export const runStatus = z.object({
  engine: z.enum(["local", "judge0", "off"]),
  versions: z.record(javaVersion, z.boolean()),
  /**
   * The local sandbox's ceiling for a run as a whole: a cgroup (v2 or v1) with memory.max and
   * pids.max, or only per-process rlimits where the host allows no cgroup (memoryMb null then).
   */
  limits: z
    .object({
      ceiling: z.enum(["cgroup-v2", "cgroup-v1", "rlimits"]),
      memoryMb: z.number().int().nullable(),
      processes: z.number().int(),
    })
    .optional(),
});
export type RunStatus = z.infer<typeof runStatus>;

/** Characters of SQL a lesson example's run takes (an example is a few statements). */
export const SQL_EXAMPLE_MAX_CHARS = 20_000;

/**
 * POST /api/sql/examples: a SQL lesson's example, as the lesson shows it or as the learner edited
 * it, run as a script on the lesson's tables in a throw-away database (decision 0033).
 */
export const sqlExampleRequest = z.object({
  course: slugId,
  /** The lesson's id (`<course>--<slug>`). */
  lesson: slugId,
  code: z
    .string()
    .max(SQL_EXAMPLE_MAX_CHARS, `must be at most ${SQL_EXAMPLE_MAX_CHARS} characters`)
    .refine((s) => s.trim() !== "", "must not be empty"),
  /** Run on an empty database instead: the block that makes the lesson's tables (```sql setup). */
  empty: z.boolean().optional(),
});
export type SqlExampleRequest = z.infer<typeof sqlExampleRequest>;

/**
 * The script's last result that has columns (none: it returned no rows, such as CREATE TABLE),
 * each cell as PostgreSQL prints it; `truncated` when it was cut to the first rows. Or the error
 * PostgreSQL gave (a 200, like a program's error), `timedOut` when the time limit stopped it.
 */
export const sqlExampleResult = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("ok"),
    columns: z.array(z.string()),
    rows: z.array(z.array(z.string().nullable())),
    truncated: z.boolean(),
    timeMs: z.number().nonnegative(),
  }),
  z.object({ status: z.literal("error"), error: z.string(), timedOut: z.boolean() }),
]);
export type SqlExampleResult = z.infer<typeof sqlExampleResult>;
