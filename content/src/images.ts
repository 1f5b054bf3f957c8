import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LESSON_IMAGE_URL } from "@koc/shared";
import { images as markdownImages } from "@koc/shared/markdown";
import { parsed } from "./parsed.js";

/**
 * Lesson pictures: hand-drawn SVG files in content/courses/<course>/images/<name>.svg, referenced
 * from a lesson as a line of its own, `![alt text](images/<name>.svg)`.
 *
 * The loader rewrites each reference to the file's public address, which carries a hash of the
 * file's bytes: /assets/content/<course>/<name>.<hash>.svg. The content build writes the files
 * under content/dist/assets/content/, the web build copies them into its own assets/ folder, and
 * the server serves that folder from our origin with a one-year immutable cache, so a redrawn
 * picture gets a new address instead of a stale copy.
 */
export const IMAGE_DIR = "images";
export const IMAGE_URL_PREFIX = "/assets/content/";
/** A reference in a lesson file, before loading. */
export const SOURCE_IMAGE = /^images\/([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;
/** A reference after loading: what the renderer receives and the only image source it shows. */
export const PUBLIC_IMAGE = LESSON_IMAGE_URL;

export function imageUrl(courseId: string, name: string, svg: string | Buffer): string {
  const hash = createHash("sha256").update(svg).digest("hex").slice(0, 10);
  return `${IMAGE_URL_PREFIX}${courseId}/${name}.${hash}.svg`;
}

/**
 * What a lesson picture must be: a self-contained SVG with a viewBox and a <title> (read by
 * assistive technology when the file is opened on its own), and nothing that reaches outside the
 * file or runs script: no external links, images, fonts or style imports, no event handlers.
 */
export function svgProblems(svg: string): string[] {
  const out: string[] = [];
  if (!/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(svg)) out.push("does not start with <svg");
  if (!/<svg[^>]*\sviewBox="[\d.\s-]+"/.test(svg)) out.push("has no viewBox");
  if (!/<title(\s[^>]*)?>[^<]*\S[^<]*<\/title>/.test(svg)) out.push("has no <title>");
  if (/<script|<foreignObject|<image[\s>]|@import|@font-face/i.test(svg)) out.push("holds script, images or imports");
  if (/\son[a-z]+\s*=/i.test(svg)) out.push("holds an event handler attribute");
  if (/(href|src)\s*=\s*["'](?!#)/i.test(svg) || /url\(\s*["']?(?!#)/i.test(svg)) out.push("links outside the file");
  return out;
}

export interface CourseImage {
  courseId: string;
  name: string;
  file: string;
  url: string;
}

/** Every SVG of one course's images/ folder with its public address. */
export function courseImages(courseId: string, courseDir: string): CourseImage[] {
  const dir = join(courseDir, IMAGE_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".svg"))
    .sort()
    .map((f) => {
      const file = join(dir, f);
      const name = f.slice(0, -".svg".length);
      return { courseId, name, file, url: imageUrl(courseId, name, readFileSync(file)) };
    });
}

/** Problems of the images/ folder itself: file names and SVG rules. */
export function imageFolderProblems(images: CourseImage[]): string[] {
  return images.flatMap((img) => {
    const where = `${img.courseId}/${IMAGE_DIR}/${img.name}.svg`;
    if (!SOURCE_IMAGE.test(`${IMAGE_DIR}/${img.name}.svg`))
      return [`${where}: name must be lowercase words joined by -`];
    return svgProblems(readFileSync(img.file, "utf8")).map((p) => `${where}: ${p}`);
  });
}

/**
 * Rewrites each picture `![alt](images/name.svg)` (as the one Markdown grammar finds them: never in
 * code) to the picture's public address. A reference to a file that does not exist is a problem and
 * stays as written (the validator then reports it too); anything else that looks like an image is
 * left for the validator to judge.
 */
export function resolveImages(
  markdown: string,
  images: readonly CourseImage[],
): { markdown: string; problems: string[]; used: string[] } {
  const byName = new Map(images.map((i) => [i.name, i]));
  const problems: string[] = [];
  const used: string[] = [];
  const source = markdown.replace(/\r\n?/g, "\n");
  const parts: string[] = [];
  let from = 0;
  for (const img of markdownImages(parsed(source))) {
    const name = SOURCE_IMAGE.exec(img.url)?.[1];
    const start = img.position?.start.offset;
    const end = img.position?.end.offset;
    if (name === undefined || start === undefined || end === undefined) continue;
    const image = byName.get(name);
    if (!image) {
      problems.push(`image ${img.url} does not exist`);
      continue;
    }
    used.push(name);
    const written = source.slice(start, end);
    const at = written.lastIndexOf(img.url);
    parts.push(source.slice(from, start), written.slice(0, at), image.url, written.slice(at + img.url.length));
    from = end;
  }
  parts.push(source.slice(from));
  return { markdown: parts.join(""), problems, used };
}
