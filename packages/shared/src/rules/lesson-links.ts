/**
 * Addresses of lessons and of their sections, shared by the server (the "Read:" links of a graded
 * quiz) and the lesson renderer (the ids it gives headings), so a link always finds its heading.
 */
export const lessonPath = (courseId: string, materialId: string): string =>
  `/course/${encodeURIComponent(courseId)}/lesson/${encodeURIComponent(materialId)}`;

/** A heading's text as written in Markdown, without inline marks: "The `switch` Expression" -> "The switch Expression". */
export const headingText = (markdown: string): string =>
  markdown
    .replace(/[`*]/g, "")
    .replace(/(^|\s)_+|_+(\s|$)/g, "$1$2")
    .replace(/\s+/g, " ")
    .trim();

/** The id a lesson heading gets: `section-` and its words in lower case joined by hyphens. */
export function sectionId(heading: string): string {
  const slug = headingText(heading)
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `section-${slug || "part"}`;
}

/** The address of a lesson, at the section with this heading when one is named. */
export const lessonSectionPath = (courseId: string, materialId: string, heading?: string): string =>
  heading ? `${lessonPath(courseId, materialId)}#${sectionId(heading)}` : lessonPath(courseId, materialId);
