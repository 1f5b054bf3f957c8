import { parse } from "yaml";

export interface Parsed {
  data: unknown;
  body: string;
}

/** Splits `---\n<yaml>\n---\n<markdown>`; throws with a readable message on malformed YAML. */
export function parseFrontMatter(text: string): Parsed {
  const normalised = text.replace(/\r\n/g, "\n");
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(normalised);
  if (!match) throw new Error("missing front matter (--- yaml ---)");
  return { data: parse(match[1] ?? ""), body: (match[2] ?? "").trim() };
}
