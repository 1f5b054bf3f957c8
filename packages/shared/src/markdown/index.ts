import type { Code, Heading, Image, Nodes, Parent, Root, RootContent, Text } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import { toString as plainText } from "mdast-util-to-string";
import { gfmTable } from "micromark-extension-gfm-table";
import { headingText, sectionId } from "../rules/lesson-links.js";

/**
 * The one Markdown grammar of lessons, trials and mentor answers (docs/decisions/0022-one-markdown-grammar.md):
 * CommonMark as micromark reads it, plus GFM tables. The renderer draws this tree, the content
 * validator rejects the node kinds the renderer does not draw, and the examples, the exercise
 * sections and the mentor's passages are cut from it, so no two readers can disagree about where
 * a code block or a heading is.
 */
export type {
  Code,
  Heading,
  Image,
  List,
  ListItem,
  Nodes,
  Paragraph,
  Parent,
  Root,
  RootContent,
  Table,
  TableRow,
} from "mdast";

export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown.replace(/\r\n?/g, "\n"), {
    extensions: [gfmTable()],
    mdastExtensions: [gfmTableFromMarkdown()],
  });
}

/** The deepest heading the renderer draws (#### ; with the page's own headings above it, h6). */
export const DEEPEST_HEADING = 4;

/**
 * The node kinds the lesson renderer draws (apps/web/src/components/tutorial-renderer.tsx). Anything
 * else would reach the learner as plain text or not at all, so the content build rejects it. Raw
 * HTML (`List<Integer>` in prose, a question about `<div>`) is drawn as the text it is, never as HTML.
 */
export const DRAWN_NODES: ReadonlySet<Nodes["type"]> = new Set<Nodes["type"]>([
  "root",
  "paragraph",
  "heading",
  "text",
  "emphasis",
  "strong",
  "inlineCode",
  "html",
  "break",
  "code",
  "list",
  "listItem",
  "image",
  "table",
  "tableRow",
  "tableCell",
]);

/** How the validator names a node kind the renderer does not draw. */
export const NODE_NAMES: Readonly<Record<string, string>> = {
  blockquote: "a block quote",
  thematicBreak: "a horizontal rule",
  link: "a link",
  linkReference: "a link reference",
  imageReference: "an image reference",
  definition: "a link definition",
  footnoteReference: "a footnote",
  footnoteDefinition: "a footnote",
  delete: "strikethrough",
};

/** Every node of the tree, parents before their children, in document order. */
export function* walk(node: Nodes, ancestors: readonly Parent[] = []): Generator<[Nodes, readonly Parent[]]> {
  yield [node, ancestors];
  if ("children" in node) {
    const path = [...ancestors, node];
    for (const child of node.children) yield* walk(child, path);
  }
}

/** 1-based line where a node starts (0 when the tree was built without positions). */
export const lineOf = (node: Nodes): number => node.position?.start.line ?? 0;

export interface CodeBlock {
  /** The info string's first word as written ("java"); "" when there is none. */
  lang: string;
  /** The rest of the info string ("release=21"). */
  meta: string;
  /** The block's text, without a final newline. */
  code: string;
  /** 1-based lines of the opening and closing fence (of the first and last line of an indented block). */
  line: number;
  endLine: number;
}

/** Every code block (fenced with ``` or ~~~, or indented), in document order, in lists too. */
export function codeBlocks(tree: Root): CodeBlock[] {
  const out: CodeBlock[] = [];
  for (const [node] of walk(tree)) {
    if (node.type !== "code") continue;
    out.push({
      lang: node.lang ?? "",
      meta: node.meta ?? "",
      code: node.value,
      line: lineOf(node),
      endLine: node.position?.end.line ?? 0,
    });
  }
  return out;
}

/** A fenced block whose closing fence is missing runs to the end of its container. */
export function isUnclosedFence(node: Code, markdown: string): boolean {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return false;
  const source = markdown.replace(/\r\n?/g, "\n").slice(start, end);
  const fence = /^(`{3,}|~{3,})/.exec(source)?.[1];
  if (!fence) return false; // indented code has no fence to close
  const lines = source.split("\n");
  const last = lines[lines.length - 1]?.trim() ?? "";
  return lines.length < 2 || !(last.startsWith(fence) && /^(`+|~+)$/.test(last) && last[0] === fence[0]);
}

export interface HeadingInfo {
  depth: number;
  /** The heading as a reader sees it: inline marks removed ("The `switch` Expression" -> "The switch Expression"). */
  text: string;
  /** The `section-…` id the renderer gives it (unique within the document). */
  id: string;
  line: number;
  node: Heading;
}

/**
 * The document's headings with the ids the renderer gives them: `section-<slug>` (sectionId, which
 * the quiz's "Read:" links and the mentor's links use too); a repeated heading gets -2, -3, ...
 */
export function headings(tree: Root): HeadingInfo[] {
  const seen = new Map<string, number>();
  const out: HeadingInfo[] = [];
  for (const [node] of walk(tree)) {
    if (node.type !== "heading") continue;
    const text = headingText(plainText(node));
    const base = sectionId(text);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    out.push({ depth: node.depth, text, id: n === 1 ? base : `${base}-${n}`, line: lineOf(node), node });
  }
  return out;
}

/**
 * Whether an image stands on a line of its own inside its paragraph: only whitespace between it and
 * a line break (or the paragraph's edge) on both sides. Such a picture is drawn as a figure.
 */
export function imageOnOwnLine(parent: Parent, index: number): boolean {
  const before = parent.children[index - 1];
  const after = parent.children[index + 1];
  const clearBefore =
    before === undefined || (before.type === "text" && /(^|\n)[ \t]*$/.test(before.value)) || before.type === "break";
  const clearAfter =
    after === undefined || (after.type === "text" && /^[ \t]*(\n|$)/.test(after.value)) || after.type === "break";
  return clearBefore && clearAfter;
}

export interface Unrenderable {
  /** What the renderer cannot draw, in words ("a table", "a heading deeper than ####"). */
  what: string;
  line: number;
}

/**
 * The nodes of a lesson the renderer does not draw, each with its line: kinds outside DRAWN_NODES,
 * headings deeper than ####, code fences left open, and pictures that do not stand on a line of
 * their own (a picture is a figure, never a word in a sentence).
 */
export function unrenderableNodes(markdown: string, tree: Root = parseMarkdown(markdown)): Unrenderable[] {
  const out: Unrenderable[] = [];
  for (const [node, ancestors] of walk(tree)) {
    const line = lineOf(node);
    if (!DRAWN_NODES.has(node.type)) {
      out.push({ what: NODE_NAMES[node.type] ?? `a ${node.type} node`, line });
    } else if (node.type === "heading" && node.depth > DEEPEST_HEADING) {
      out.push({ what: "a heading deeper than ####", line });
    } else if (node.type === "code" && isUnclosedFence(node, markdown)) {
      out.push({ what: "an unclosed code fence", line });
    } else if (node.type === "image") {
      const parent = ancestors[ancestors.length - 1];
      const inTable = ancestors.some((a) => a.type === "table");
      if (!parent || inTable || !imageOnOwnLine(parent, parent.children.indexOf(node as RootContent))) {
        out.push({ what: `an image inside a paragraph (put it on a line of its own): "${node.alt ?? ""}"`, line });
      }
    }
  }
  return out;
}

/**
 * Prose as written (marks kept): the source of `nodes` of `markdown`'s tree (the whole document by
 * default; a section's blocks, say) without its code blocks.
 */
export function proseOf(markdown: string, nodes: readonly Nodes[] = [parseMarkdown(markdown)]): string {
  if (nodes.length === 0) return "";
  const source = markdown.replace(/\r\n?/g, "\n");
  const parts: string[] = [];
  let from = nodes[0]?.position?.start.offset ?? 0;
  for (const top of nodes) {
    for (const [node] of walk(top)) {
      if (node.type !== "code") continue;
      const start = node.position?.start.offset ?? from;
      parts.push(source.slice(from, start));
      from = node.position?.end.offset ?? start;
    }
  }
  parts.push(source.slice(from, nodes[nodes.length - 1]?.position?.end.offset ?? source.length));
  return parts.join(" ");
}

/** A part of a document that starts at a heading (or at the top, before the first heading). */
export interface Section {
  /** The heading's text as a reader sees it; undefined for the part before the first heading. */
  heading: string | undefined;
  /** The section's blocks after its heading. */
  nodes: RootContent[];
}

/** The document cut at its top-level headings of these depths. */
export function sections(tree: Root, depths: readonly number[]): Section[] {
  const out: Section[] = [{ heading: undefined, nodes: [] }];
  for (const node of tree.children) {
    if (node.type === "heading" && depths.includes(node.depth)) {
      out.push({ heading: headingText(plainText(node)), nodes: [] });
    } else {
      out[out.length - 1]?.nodes.push(node);
    }
  }
  return out;
}

/** The source text of a run of sibling nodes. */
export function sourceOf(markdown: string, nodes: readonly Nodes[]): string {
  const first = nodes[0]?.position?.start.offset;
  const last = nodes[nodes.length - 1]?.position?.end.offset;
  if (first === undefined || last === undefined) return "";
  return markdown.replace(/\r\n?/g, "\n").slice(first, last);
}

/** Every image of the document (outside code, where Markdown never sees one), in order. */
export function images(tree: Root): Image[] {
  const out: Image[] = [];
  for (const [node] of walk(tree)) if (node.type === "image") out.push(node);
  return out;
}

export type { Text };
export { plainText };
