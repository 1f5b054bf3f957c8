import {
  lessonSectionPath,
  type MentorCodeLanguage,
  type MentorExplainRequest,
  type MentorExplainSection,
} from "@koc/shared";
import type { ChatMessage } from "../../../adapters/mentor-model/types.js";
import { SYSTEM_PROMPT } from "../prompt.js";
import type { Passage } from "../retrieval.js";
import { PHRASES, VOICE_INSTRUCTION, type Voice } from "../voice.js";
import { locateLine, type ParsedError, parseError, READ_LIMIT } from "./parse.js";
import { type KnownError, knownError } from "./table.js";

const LANGUAGE_NAMES: Record<MentorCodeLanguage, string> = { java: "Java", python: "Python", javascript: "JavaScript" };

export interface Diagnosis {
  parsed: ParsedError;
  /** The language the error was read as (the error's own when it is clearly another language's). */
  language: MentorCodeLanguage;
  entry: KnownError | undefined;
  /** The learner's line, as written, when the error names one inside the code. */
  codeLine: string | undefined;
  /** The error named no line; `parsed.line` is the first line using the name it names. */
  guessed: boolean;
}

export function diagnose(request: MentorExplainRequest): Diagnosis {
  const read = parseError(request.error, request.language);
  const located = read.line === undefined ? locateLine(read.headline, request.code) : undefined;
  const parsed = located === undefined ? read : { ...read, line: located };
  const language = parsed.language ?? request.language;
  const entry = knownError(language, parsed.headline) ?? knownError(language, request.error.slice(0, READ_LIMIT));
  const lines = request.code.split(/\r?\n/);
  const codeLine =
    parsed.line !== undefined && parsed.line <= lines.length ? lines[parsed.line - 1]?.trim() : undefined;
  return { parsed, language, entry, codeLine, guessed: located !== undefined };
}

export const sectionLink = (p: Passage): MentorExplainSection => ({
  courseId: p.courseId,
  materialId: p.materialId,
  title: p.title,
  section: p.section,
  href: lessonSectionPath(p.courseId, p.materialId, p.section),
});

/** Backticks inside inline code would end it early. */
const inline = (text: string) => `\`${text.replace(/`/g, "'").slice(0, 300)}\``;

/** The answer without a model: the line, the curated meaning, what to look at, and the lesson. */
export function offlineExplanation(
  d: Diagnosis,
  selected: MentorCodeLanguage,
  section: Passage | undefined,
  voice: Voice,
): string {
  const say = PHRASES[voice].explain;
  const where = d.guessed ? say.likelyLine : say.line;
  const parts: string[] = [];
  if (d.parsed.language && d.parsed.language !== selected) {
    parts.push(say.otherLanguage(LANGUAGE_NAMES[d.parsed.language], LANGUAGE_NAMES[selected]));
  }
  if (d.parsed.headline) parts.push(inline(d.parsed.headline));
  if (d.parsed.line !== undefined) {
    parts.push(d.codeLine ? `${where(d.parsed.line)} ${inline(d.codeLine)}` : where(d.parsed.line).replace(/:$/, "."));
  } else {
    parts.push(say.noLine);
  }
  if (d.entry) {
    parts.push(`${say.means} ${d.entry.meaning}`, `${say.next} ${d.entry.next}`);
  } else {
    parts.push(say.unknown);
  }
  if (section) parts.push(`${say.read} [${section.title}: ${section.section}](${sectionLink(section).href})`);
  return parts.join("\n\n");
}

/** With a model: the code, the error and the lesson section that covers it, then the fixed frame. */
export function explainMessages(
  request: MentorExplainRequest,
  d: Diagnosis,
  section: Passage | undefined,
  voice: Voice,
  extraRules: string[] = [],
): ChatMessage[] {
  const facts = [
    `The learner's ${LANGUAGE_NAMES[request.language]} program failed. Explain the error to a beginner:`,
    "name the line it points at, say in plain words what the message means and what to look at, in at most two short paragraphs. Do not rewrite the whole program.",
  ];
  if (d.parsed.line !== undefined)
    facts.push(
      `The error ${d.guessed ? "most likely happened" : "points"} at line ${d.parsed.line}${d.codeLine ? `: ${d.codeLine}` : ""}.`,
    );
  if (d.entry) facts.push(`A short explanation to build on: ${d.entry.meaning} ${d.entry.next}`);
  if (section) {
    facts.push(
      `The lesson section that teaches it, "${section.title}" / "${section.section}" (name it):\n${section.text.slice(0, 1500)}`,
    );
  }
  if (d.parsed.language && d.parsed.language !== request.language) {
    facts.push(
      `Note: the error looks like ${LANGUAGE_NAMES[d.parsed.language]}, while the editor is set to ${LANGUAGE_NAMES[request.language]}.`,
    );
  }
  const instruction = VOICE_INSTRUCTION[voice];
  return [
    { role: "system", content: SYSTEM_PROMPT },
    ...extraRules.map((content) => ({ role: "system" as const, content })),
    { role: "system", content: facts.join("\n") },
    ...(instruction ? [{ role: "system" as const, content: instruction }] : []),
    {
      role: "user",
      content: [
        request.message ?? "Explain this error.",
        "Code (data):",
        "```",
        request.code.slice(0, 20_000),
        "```",
        "Error (data):",
        "```",
        request.error.slice(0, 4000),
        "```",
      ].join("\n"),
    },
  ];
}
