import { sectionId } from "@koc/shared";
import { DRAWN_NODES, headings, type Nodes, parseMarkdown, walk } from "@koc/shared/markdown";
import { describe, expect, it } from "vitest";
import { forgetParsed, parsed } from "./parsed.js";
import { testCatalogue } from "./test-catalogue.js";

const catalogue = testCatalogue();

/** Every Markdown text the learner sees drawn by the lesson renderer: lessons, their questions, trial tasks. */
const texts: [string, string][] = catalogue.courses.flatMap((c) => [
  ...c.lessons.flatMap((l): [string, string][] => [
    [l.id, l.content],
    ...l.quiz.map((q, i): [string, string] => [`${l.id} question ${i + 1}`, q.question]),
  ]),
  ...(c.exercises ?? []).map((e): [string, string] => [`${e.id} task`, e.statement]),
]);

describe("every lesson through the one Markdown grammar", () => {
  it("reads every course's lessons", () => {
    expect(catalogue.courses.length).toBeGreaterThanOrEqual(10);
    expect(texts.length).toBeGreaterThan(500);
  });

  it("finds only node kinds the renderer draws", () => {
    const found = new Map<string, string>();
    const undrawn: string[] = [];
    for (const [where, markdown] of texts) {
      for (const [node] of walk(parseMarkdown(markdown))) {
        if (!found.has(node.type)) found.set(node.type, where);
        if (!DRAWN_NODES.has(node.type)) undrawn.push(`${where}:${node.position?.start.line}: ${node.type}`);
      }
    }
    expect(undrawn).toEqual([]);
    // The lessons do use the kinds the renderer draws; a parse that found only text would pass above.
    for (const kind of ["heading", "paragraph", "code", "list", "listItem", "inlineCode", "strong", "image"]) {
      expect(found.has(kind), kind).toBe(true);
    }
  });

  it("gives each heading the id its text as written makes, so the quiz's and mentor's links still land", () => {
    const raw = (markdown: string, node: Nodes) => {
      const first = "children" in node ? node.children[0] : undefined;
      const last = "children" in node ? node.children[node.children.length - 1] : undefined;
      return markdown.slice(first?.position?.start.offset ?? 0, last?.position?.end.offset ?? 0);
    };
    let checked = 0;
    for (const c of catalogue.courses) {
      for (const l of c.lessons) {
        const seen = new Map<string, number>();
        for (const h of headings(parseMarkdown(l.content))) {
          const base = sectionId(raw(l.content, h.node));
          const n = (seen.get(base) ?? 0) + 1;
          seen.set(base, n);
          expect(h.id, `${l.id}: ${raw(l.content, h.node)}`).toBe(n === 1 ? base : `${base}-${n}`);
          checked++;
        }
        // A question's "Read:" link names a heading of its lesson: that id is on the page.
        const ids = new Set(headings(parseMarkdown(l.content)).map((h) => h.id));
        for (const q of l.quiz) if (q.see) expect(ids.has(sectionId(q.see)), `${l.id}: see ${q.see}`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe("the parse cache", () => {
  it("parses a text once per process, and forgets every tree when asked", () => {
    const text = "## The cache\n\nOne tree per text.\n";
    const first = parsed(text);
    expect(parsed(text)).toBe(first);
    forgetParsed();
    const again = parsed(text);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
