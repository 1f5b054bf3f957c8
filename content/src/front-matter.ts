import { parse } from "yaml";

export interface Parsed {
  data: unknown;
  body: string;
  /** 1-based line of the file where the body starts (for messages that name a line). */
  bodyLine: number;
}

/** Splits `---\n<yaml>\n---\n<markdown>`; throws with a readable message on malformed YAML. */
export function parseFrontMatter(text: string): Parsed {
  const normalised = text.replace(/\r\n/g, "\n");
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(normalised);
  if (!match) throw new Error("missing front matter (--- yaml ---)");
  const rest = match[2] ?? "";
  const bodyStart = normalised.length - rest.length + (rest.length - rest.trimStart().length);
  const bodyLine = normalised.slice(0, bodyStart).split("\n").length;
  return { data: parse(match[1] ?? ""), body: rest.trim(), bodyLine };
}
