/** What a page tells browsers and search engines about itself. */
export interface PageHead {
  title: string;
  description: string;
  /** Open Graph type and image-free card for pages worth sharing (course pages). */
  og?: { type: "website" | "article" };
}

export const SITE_NAME = "Kingdom of Code";
export const DEFAULT_DESCRIPTION = "Kingdom of Code: learn Java, Python, JavaScript and more, one quest at a time.";

export const defaultHead: PageHead = { title: SITE_NAME, description: DEFAULT_DESCRIPTION };

/** "About | Kingdom of Code", with its description. */
export const titled = (title: string, description: string, og?: PageHead["og"]): PageHead => ({
  title: `${title} | ${SITE_NAME}`,
  description,
  ...(og ? { og } : {}),
});

/** A search-result-sized summary: whole sentences (or words) up to 160 characters. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  let out = "";
  for (const sentence of flat.match(/[^.!?]+[.!?]+(\s|$)/g) ?? []) {
    if ((out + sentence).trim().length > max) break;
    out += sentence;
  }
  if (out.trim()) return out.trim();
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length)}…`;
}
