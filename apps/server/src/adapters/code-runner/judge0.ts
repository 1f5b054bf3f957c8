import { z } from "zod";
import { UnavailableError, UnsupportedError } from "../../errors.js";
import { detectEntry, stripJavaNoise } from "./class-name.js";
import {
  type CaseRun,
  type CodeRunner,
  type JavaVersion,
  LANGUAGE_NAME,
  OUTPUT_LIMIT_BYTES,
  type ProgramLanguage,
  releaseOf,
  versionMap,
} from "./types.js";

export interface Judge0Options {
  /** Base URL of a Judge0 CE (or compatible) API, e.g. http://judge0:2358. */
  url: string;
  /** Sent as X-Auth-Token when the cluster requires one. */
  authToken?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  cpuSeconds?: number;
  wallSeconds?: number;
  memoryKb?: number;
}

/** Judge0 takes one source file per submission: multi-file project trials need the local sandbox. */
export const JUDGE0_PROJECTS_MESSAGE =
  "Multi-file Java project trials cannot be graded by the Judge0 runner: they need the server's own sandbox (CODE_RUNNER=local).";

export const JUDGE0_UNIT_TESTS_MESSAGE =
  "This trial is graded by unit tests, which this server's Judge0 runner cannot run (CODE_RUNNER=judge0). Trials graded on input and output still work; unit-tested ones need CODE_RUNNER=local or auto with a JDK, Debian's junit5 and bubblewrap.";

/** What we read of Judge0's answers: parsed, never cast, so a foreign answer is a clear "unavailable". */
const judge0Language = z.object({ id: z.number(), name: z.string() });
type Judge0Language = z.infer<typeof judge0Language>;
const judge0Languages = z.array(z.unknown()).transform((list) =>
  list.flatMap((l) => {
    const parsed = judge0Language.safeParse(l);
    return parsed.success ? [parsed.data] : [];
  }),
);

const judge0Submission = z.object({
  stdout: z.string().nullish(),
  stderr: z.string().nullish(),
  compile_output: z.string().nullish(),
  message: z.string().nullish(),
  exit_code: z.number().nullish(),
  time: z.string().nullish(),
  status: z.object({ id: z.number(), description: z.string().optional() }).nullish(),
});

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");
const unb64 = (s: string | null | undefined) => (s ? Buffer.from(s, "base64").toString("utf8") : "");

/** JDK feature release of a Judge0 language name such as "Java (OpenJDK 13.0.1)" or "Java (JDK 17.0.6)". */
export function jdkMajorOf(name: string): number | undefined {
  const m = /^Java \((?:Open)?JDK (?:1\.)?(\d+)/i.exec(name);
  return m?.[1] ? Number(m[1]) : undefined;
}

/**
 * Judge0 compiles the source as Main.java and runs `java Main`. A program whose public class has
 * another name keeps working: that class loses `public` (blanked, so line and column numbers stay)
 * and a small Main that calls its main is appended.
 */
export function toJudge0Source(code: string): string {
  const { fileClass, mainClass } = detectEntry(code);
  if (fileClass === "Main" && (mainClass === "Main" || mainClass.endsWith(".Main"))) return code;
  let source = code;
  if (fileClass !== "Main") {
    const clean = stripJavaNoise(code);
    const m = new RegExp(
      `(^|[^\\w$.])public(\\s+(?:(?:final|abstract|strictfp|sealed|non-sealed)\\s+)*(?:class|interface|enum|record)\\s+${fileClass.replace(/\$/g, "\\$")}\\b)`,
    ).exec(clean);
    if (m) {
      const at = m.index + (m[1]?.length ?? 0);
      source = `${code.slice(0, at)}      ${code.slice(at + "public".length)}`;
    }
  }
  const target = mainClass.replace(/\$/g, ".");
  return `${source}\nclass Main { public static void main(String[] args) throws Throwable { ${target}.main(args); } }\n`;
}

/**
 * Judge0 CE's language for Python and JavaScript trials: the newest "Python (3.x)" and
 * "JavaScript (Node.js x)" the cluster lists, else CE's standard ids (71 Python 3.8.1, 63 Node.js 12.14.0).
 */
export function judge0ScriptLanguage(list: { id: number; name: string }[], language: "python" | "javascript"): number {
  const pattern = language === "python" ? /^Python \((3)\.(\d+)/ : /^JavaScript \(Node\.js (\d+)\.(\d+)/;
  const found = list
    .map((l) => ({ id: l.id, m: pattern.exec(l.name) }))
    .filter((l) => l.m)
    .sort((a, b) => Number(b.m?.[1]) - Number(a.m?.[1]) || Number(b.m?.[2]) - Number(a.m?.[2]))[0];
  return found?.id ?? (language === "python" ? 71 : 63);
}

function cap(text: string): { text: string; cut: boolean } {
  const buf = Buffer.from(text, "utf8");
  if (buf.length <= OUTPUT_LIMIT_BYTES) return { text, cut: false };
  return { text: buf.subarray(0, OUTPUT_LIMIT_BYTES).toString("utf8"), cut: true };
}

/** Sends each job to a Judge0 CE API (POST /submissions?base64_encoded=true&wait=true). */
export function createJudge0Runner(options: Judge0Options): CodeRunner {
  const base = options.url.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  let languages: { at: number; list: Judge0Language[] } | undefined;

  async function call<S extends z.ZodType>(path: string, schema: S, init: RequestInit = {}): Promise<z.output<S>> {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (options.authToken) headers["x-auth-token"] = options.authToken;
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new UnavailableError("The Java runner (Judge0) cannot be reached right now. Please try again later.");
    }
    if (res.status === 429)
      throw new UnavailableError("The Java runner (Judge0) is busy. Please try again in a moment.");
    if (!res.ok) throw new UnavailableError(`The Java runner (Judge0) answered ${res.status}. Please try again later.`);
    const parsed = schema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) {
      throw new UnavailableError(
        "The Java runner (Judge0) answered in a form we do not understand. Please try again later.",
      );
    }
    return parsed.data;
  }

  async function allLanguages(): Promise<Judge0Language[]> {
    if (languages && Date.now() - languages.at < 10 * 60_000) return languages.list;
    const list = await call("/languages", judge0Languages);
    languages = { at: Date.now(), list };
    return list;
  }

  async function javaLanguages(): Promise<Judge0Language[]> {
    return (await allLanguages()).filter((l) => jdkMajorOf(l.name) !== undefined);
  }

  /** One Judge0 submission; a compile error (status 6) comes back as `compileError`. */
  async function submit(languageId: number, source: string, stdin: string | undefined) {
    const body = {
      language_id: languageId,
      source_code: b64(source),
      stdin: b64(stdin ?? ""),
      cpu_time_limit: options.cpuSeconds ?? 5,
      wall_time_limit: options.wallSeconds ?? 10,
      memory_limit: options.memoryKb ?? 512_000,
      enable_network: false,
    };
    return call("/submissions?base64_encoded=true&wait=true", judge0Submission, {
      method: "POST",
      body: JSON.stringify(body),
    });
  }

  /** A finished submission as a case run (the same reading as `run`'s). */
  function toCaseRun(r: z.infer<typeof judge0Submission>): CaseRun {
    const statusId = r.status?.id ?? 0;
    if (statusId === 1 || statusId === 2) {
      throw new UnavailableError("The code runner (Judge0) did not finish the job in time. Please try again.");
    }
    if (statusId === 13) throw new UnavailableError("The code runner (Judge0) failed internally. Please try again.");
    const out = cap(unb64(r.stdout));
    const err = cap(unb64(r.stderr));
    const timedOut = statusId === 5;
    const exitCode = timedOut ? null : (r.exit_code ?? (statusId === 3 || statusId === 4 ? 0 : null));
    return { stdout: out.text, stderr: err.text, exitCode, timedOut, truncated: out.cut || err.cut };
  }

  /** The oldest Java the cluster offers that can compile the version's code (7 stops at JDK 19). */
  function pick(list: Judge0Language[], version: JavaVersion): Judge0Language | undefined {
    const want = releaseOf(version);
    return list
      .filter((l) => {
        const major = jdkMajorOf(l.name) ?? 0;
        return major >= want && (want > 7 || major < 20);
      })
      .sort((a, b) => (jdkMajorOf(a.name) ?? 0) - (jdkMajorOf(b.name) ?? 0))[0];
  }

  return {
    engine: "judge0",
    async status() {
      let list: Judge0Language[] = [];
      try {
        list = await javaLanguages();
      } catch {
        // unreachable: report nothing available
      }
      return { engine: "judge0", versions: versionMap((v) => pick(list, v) !== undefined) };
    },
    async run(job) {
      const language = pick(await javaLanguages(), job.version);
      if (!language) {
        throw new UnsupportedError(
          `Java ${releaseOf(job.version)} is not offered by the Judge0 runner: add a Java ${releaseOf(job.version)} (or newer) language to the Judge0 cluster.`,
        );
      }
      const body = {
        language_id: language.id,
        source_code: b64(toJudge0Source(job.code)),
        stdin: b64(job.stdin ?? ""),
        cpu_time_limit: options.cpuSeconds ?? 5,
        wall_time_limit: options.wallSeconds ?? 10,
        memory_limit: options.memoryKb ?? 512_000,
        enable_network: false,
      };
      const started = performance.now();
      const r = await call("/submissions?base64_encoded=true&wait=true", judge0Submission, {
        method: "POST",
        body: JSON.stringify(body),
      });
      const statusId = r.status?.id ?? 0;
      const elapsed = r.time ? Math.round(Number(r.time) * 1000) : Math.round(performance.now() - started);
      if (statusId === 1 || statusId === 2) {
        throw new UnavailableError("The Java runner (Judge0) did not finish the job in time. Please try again.");
      }
      if (statusId === 6) {
        return {
          stdout: "",
          stderr: "",
          exitCode: null,
          compileError: unb64(r.compile_output).trimEnd() || "Compilation failed.",
          timeMs: elapsed,
          timedOut: false,
          truncated: false,
        };
      }
      if (statusId === 13) throw new UnavailableError("The Java runner (Judge0) failed internally. Please try again.");
      const out = cap(unb64(r.stdout));
      const err = cap(unb64(r.stderr));
      const timedOut = statusId === 5;
      let stderr = err.text;
      // A runtime error without an exit code (a signal) gets Judge0's description; the flags say the rest.
      const exitCode = timedOut ? null : (r.exit_code ?? (statusId === 3 || statusId === 4 ? 0 : null));
      const note = statusId >= 7 && exitCode === null && !stderr ? unb64(r.message) || r.status?.description || "" : "";
      if (note) stderr = `${note}\n`;
      return {
        stdout: out.text,
        stderr,
        exitCode,
        timeMs: Number.isFinite(elapsed) ? elapsed : 0,
        timedOut,
        truncated: out.cut || err.cut,
      };
    },
    async runCases(job) {
      // One source per submission here; a multi-file project needs the server's own sandbox
      // (docs/decisions/0032-multi-file-java-trials.md).
      if (job.project) throw new UnsupportedError(JUDGE0_PROJECTS_MESSAGE);
      let languageId: number;
      let source = job.code;
      if (job.language === "java") {
        const language = pick(await javaLanguages(), job.version);
        if (!language) {
          throw new UnsupportedError(
            `Java ${releaseOf(job.version)} is not offered by the Judge0 runner: add a Java ${releaseOf(job.version)} (or newer) language to the Judge0 cluster.`,
          );
        }
        languageId = language.id;
        source = toJudge0Source(job.code);
      } else {
        languageId = judge0ScriptLanguage(
          await allLanguages(),
          job.language as Exclude<ProgramLanguage, "java" | "sql">,
        );
      }
      // Judge0 runs every submission in a fresh isolate box; one submission per case.
      // Judge0 enforces each case's own limits; after the first time-out the rest are not run.
      const runs: CaseRun[] = [];
      for (const stdin of job.stdins) {
        const r = await submit(languageId, source, stdin);
        if (r.status?.id === 6) {
          return {
            compileError: unb64(r.compile_output).trimEnd() || `${LANGUAGE_NAME[job.language]} compilation failed.`,
            runs: [],
          };
        }
        const run = toCaseRun(r);
        runs.push(run);
        if (run.timedOut) break;
      }
      return { runs };
    },
    async runTests() {
      // Judge0's isolate boxes hold no JUnit, and a test run reports through a harness of ours:
      // unit-tested trials need the server's own sandbox (README, decision 0017).
      throw new UnsupportedError(JUDGE0_UNIT_TESTS_MESSAGE);
    },
    async close() {},
  };
}
