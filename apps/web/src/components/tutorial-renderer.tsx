import { isLessonImageUrl } from "@koc/shared";
import type { Heading, List, Nodes, Paragraph, RootContent, Table, TableRow } from "@koc/shared/markdown";
import { Check, Copy } from "lucide-react";
import { Fragment, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { BlockButton } from "./block-button";
import { RunButtons, RunOutput, useBlockRun } from "./code-block-run";
import type { Token } from "./code-highlight";
import { DiagramViewer } from "./diagram-viewer";
import { SqlExampleButtons, SqlExampleEditor, SqlExampleResultView, useSqlExample } from "./sql-example";
import "./tutorial-renderer.css";

/**
 * Renders lesson Markdown as React elements, from the one Markdown grammar every reader of lessons
 * shares (@koc/shared/markdown, docs/decisions/0022-one-markdown-grammar.md): headings # to ####,
 * paragraphs, bold, italic, inline code, hard line breaks, lists (nested to any depth), tables,
 * code blocks (fenced with ``` or ~~~) with a language label and a Copy button (and, where a page
 * provides CodeActionsContext, Run and Edit for Java, JavaScript and Python; where a SQL lesson provides
 * SqlExamplesContext, Run, Edit and Reset for SQL on the lesson's tables), and pictures on a line
 * of their own. Nothing is ever injected as HTML, so lesson text cannot run script in the page.
 * Raw HTML is drawn as the text it is. What the grammar reads but the renderer does not draw (links,
 * quotes, rules: the content build refuses them in lessons; a mentor answer may still hold them) is
 * shown as its plain text.
 */

type Grammar = typeof import("@koc/shared/markdown");
let grammar: Grammar | undefined;
let loading: Promise<Grammar> | undefined;

/**
 * The grammar (micromark) is a chunk of its own, fetched the first time a lesson, question or
 * mentor answer is drawn, so the public course pages that link to lessons never download it.
 */
export function loadMarkdownGrammar(): Promise<Grammar> {
  loading ??= import("@koc/shared/markdown").then((m) => {
    grammar = m;
    return m;
  });
  return loading;
}

function loaded(): Grammar {
  if (!grammar) throw new Error("the Markdown grammar is drawn only after loadMarkdownGrammar()");
  return grammar;
}

const plainText = (node: Nodes) => loaded().plainText(node);

/** Markdown's soft line break (a sentence wrapped in the source) reads as a space. */
const softBreaks = (text: string) => text.replace(/[ \t]*\n[ \t]*/g, " ");

/** ```java fragment: part of a program (a method, a statement's shape), highlighted but never offered to Run. */
const isFragment = (meta: string | null | undefined): boolean => /(?:^|\s)fragment\b/.test(meta ?? "");

/** `release`: a fence such as ```java release=21 marks an example that needs that Java release. */
const releaseOf = (meta: string | null | undefined): number | undefined => {
  const n = /(?:^|\s)release=(\d+)\b/.exec(meta ?? "")?.[1];
  return n ? Number(n) : undefined;
};

interface Context {
  ids: Map<Heading, string>;
  headingOffset: number;
}

function renderInline(nodes: readonly Nodes[]): ReactNode[] {
  return nodes.map((node, i) => {
    const key = `${i}`;
    switch (node.type) {
      case "text":
        return <Fragment key={key}>{softBreaks(node.value)}</Fragment>;
      case "inlineCode":
        // CommonMark reads a line ending inside a code span as a space.
        return <code key={key}>{node.value.replace(/\n/g, " ")}</code>;
      case "strong":
        return <strong key={key}>{renderInline(node.children)}</strong>;
      case "emphasis":
        return <em key={key}>{renderInline(node.children)}</em>;
      case "break":
        return <br key={key} />;
      case "html":
        // `List<Integer>` or a question about `<div>`: the text as written, never markup.
        return <Fragment key={key}>{softBreaks(node.value)}</Fragment>;
      case "image":
        // A picture inside a sentence: only its words (the content build refuses it in lessons).
        return node.alt ? <Fragment key={key}>{`Picture: ${node.alt}`}</Fragment> : null;
      default:
        return <Fragment key={key}>{softBreaks(plainText(node))}</Fragment>;
    }
  });
}

/** A paragraph, cut around the pictures that stand on a line of their own. */
function renderParagraph(node: Paragraph, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let run: Nodes[] = [];
  const flush = () => {
    const trimmed = trimRun(run);
    if (trimmed.length > 0) out.push(<p key={`${key}-${out.length}`}>{renderInline(trimmed)}</p>);
    run = [];
  };
  node.children.forEach((child, i) => {
    if (child.type === "image" && loaded().imageOnOwnLine(node, i)) {
      flush();
      out.push(<LessonImage key={`${key}-${out.length}`} alt={child.alt?.trim() ?? ""} src={child.url} />);
    } else run.push(child);
  });
  flush();
  return out;
}

/** The line breaks around a picture belong to neither paragraph it splits. */
function trimRun(run: Nodes[]): Nodes[] {
  const nodes = [...run];
  const first = nodes[0];
  if (first?.type === "text") nodes[0] = { ...first, value: first.value.replace(/^\s+/, "") };
  const last = nodes[nodes.length - 1];
  if (last?.type === "text") nodes[nodes.length - 1] = { ...last, value: last.value.replace(/\s+$/, "") };
  if (nodes[nodes.length - 1]?.type === "break") nodes.pop();
  return nodes.filter((n) => n.type !== "text" || n.value !== "");
}

function renderBlocks(nodes: readonly RootContent[], ctx: Context): ReactNode[] {
  return nodes.flatMap((node, i) => {
    const key = `${node.type}-${i}`;
    switch (node.type) {
      case "heading": {
        const level = Math.min(6, node.depth + ctx.headingOffset) as 1 | 2 | 3 | 4 | 5 | 6;
        const Tag = `h${level}` as const;
        return (
          <Tag key={key} id={ctx.ids.get(node)} className={`tutorial-h${node.depth}`}>
            {renderInline(node.children)}
          </Tag>
        );
      }
      case "paragraph":
        return renderParagraph(node, key);
      case "code": {
        // A ```stdin block right after an example is the input it reads (content/README.md).
        const next = nodes[i + 1];
        const stdin = next?.type === "code" && next.lang === "stdin" ? `${next.value}\n` : undefined;
        return (
          <CodeBlock
            key={key}
            lang={node.lang ?? ""}
            code={node.value}
            stdin={stdin}
            meta={node.meta ?? ""}
            release={releaseOf(node.meta)}
            fragment={isFragment(node.meta)}
          />
        );
      }
      case "list":
        return <MarkdownList key={key} list={node} ctx={ctx} />;
      case "table":
        return <MarkdownTable key={key} table={node} />;
      case "html":
        return <p key={key}>{softBreaks(node.value)}</p>;
      default:
        // Not drawn (the content build refuses these in lessons): the words, never the markup.
        return plainText(node).trim() ? <p key={key}>{softBreaks(plainText(node))}</p> : [];
    }
  });
}

function MarkdownList({ list, ctx }: { list: List; ctx: Context }) {
  const children = list.children.map((item, j) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: items come from static lesson text and never reorder
    <li key={j}>
      {item.children.map((child, k) =>
        // The item's first paragraph is its text; any later one is a paragraph of its own.
        child.type === "paragraph" && k === 0 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Fragment key={k}>{renderInline(child.children)}</Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Fragment key={k}>{renderBlocks([child], ctx)}</Fragment>
        ),
      )}
    </li>
  ));
  if (!list.ordered) return <ul>{children}</ul>;
  return list.start && list.start !== 1 ? <ol start={list.start}>{children}</ol> : <ol>{children}</ol>;
}

/** A table scrolls sideways on its own, so a wide one never widens the page at 360 px. */
function MarkdownTable({ table }: { table: Table }) {
  const [head, ...body] = table.children;
  const align = (i: number) => table.align?.[i] ?? undefined;
  const cells = (row: TableRow, Cell: "th" | "td") =>
    row.children.map((cell, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: cells of static lesson text, never reordered
      <Cell key={i} style={align(i) ? { textAlign: align(i) ?? undefined } : undefined}>
        {renderInline(cell.children)}
      </Cell>
    ));
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen must be scrollable by keyboard
    <div className="tutorial-table" tabIndex={0}>
      <table>
        {head && (
          <thead>
            <tr>{cells(head, "th")}</tr>
          </thead>
        )}
        <tbody>
          {body.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of static lesson text, never reordered
            <tr key={r}>{cells(row, "td")}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const COPY_CONFIRM_MS = 2000;

/** Plain text first; the tokens follow once the language's parser has loaded (a lazy chunk). */
function useHighlighted(code: string, lang: string): Token[] | null {
  const [tokens, setTokens] = useState<Token[] | null>(null);
  useEffect(() => {
    setTokens(null);
    if (!lang || lang === "text") return;
    let live = true;
    import("./code-highlight")
      .then(({ highlight }) => highlight(code, lang))
      .then((t) => live && setTokens(t))
      .catch(() => undefined); // stays plain text: highlighting is a nicety, never a reason to fail
    return () => {
      live = false;
    };
  }, [code, lang]);
  return tokens;
}

function CodeBlock({
  lang,
  code,
  stdin,
  meta = "",
  release,
  fragment = false,
}: {
  lang: string;
  code: string;
  stdin?: string | undefined;
  meta?: string;
  release?: number | undefined;
  fragment?: boolean;
}) {
  // A SQL lesson's example runs on the server against the lesson's tables, edited in place.
  const sql = useSqlExample(lang, code, meta);
  const shown = sql ? sql.code : code;
  const tokens = useHighlighted(shown, lang);
  const runnable = useBlockRun(fragment ? "" : lang, code, stdin, release === 21 ? "java21" : undefined);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => window.clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <figure className="code-block">
      <figcaption className="code-block-bar">
        <span className="code-lang">{lang || "code"}</span>
        <span className="code-block-actions">
          {runnable && <RunButtons block={runnable} />}
          {sql && <SqlExampleButtons sql={sql} />}
          <BlockButton
            icon={copied ? Check : Copy}
            label={copied ? "Copied!" : "Copy"}
            onClick={copy}
            aria-label={copied ? "Copied!" : `Copy ${lang || ""} code`}
          />
        </span>
      </figcaption>
      {sql?.editing ? (
        <SqlExampleEditor sql={sql} />
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable code must be reachable by keyboard
        <pre tabIndex={0}>
          <code>
            {tokens
              ? tokens.map((t, i) =>
                  t.classes ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: tokens of one fixed text, never reordered
                    <span key={i} className={t.classes}>
                      {t.text}
                    </span>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above
                    <Fragment key={i}>{t.text}</Fragment>
                  ),
                )
              : shown}
          </code>
        </pre>
      )}
      {runnable && <RunOutput block={runnable} />}
      {sql && <SqlExampleResultView sql={sql} />}
    </figure>
  );
}

/**
 * A lesson picture, loaded only when it nears the viewport. Only our own published lesson pictures
 * are shown (see LESSON_IMAGE_URL); any other source, such as a link in a mentor answer, is never
 * requested and shows its alt text instead.
 */
function LessonImage({ alt, src }: { alt: string; src: string }) {
  if (!isLessonImageUrl(src) || alt === "") {
    return alt ? <p className="tutorial-image-text">Picture: {alt}</p> : null;
  }
  return (
    <figure className="tutorial-figure">
      <DiagramViewer src={src} alt={alt} />
    </figure>
  );
}

interface TutorialProps {
  markdown: string;
  /** Shifts Markdown levels so lesson headings sit under the page's own headings. */
  headingOffset?: number;
  /** Called once the text is drawn (after its grammar has loaded): a page may then focus what it holds. */
  onDrawn?: (() => void) | undefined;
}

export function TutorialRenderer({ markdown, headingOffset = 2, onDrawn }: TutorialProps) {
  const [md, setMd] = useState(grammar);
  useEffect(() => {
    if (md) return;
    let live = true;
    loadMarkdownGrammar()
      .then((m) => live && setMd(m))
      .catch(() => undefined); // the chunk failed to load: the lesson stays empty, as while loading
    return () => {
      live = false;
    };
  }, [md]);
  if (!md) return <div className="tutorial" aria-busy="true" />;
  return <Tutorial md={md} markdown={markdown} headingOffset={headingOffset} onDrawn={onDrawn} />;
}

function Tutorial({ md, markdown, headingOffset = 2, onDrawn }: TutorialProps & { md: Grammar }) {
  const tree = useMemo(() => md.parseMarkdown(markdown), [md, markdown]);
  const ctx = useMemo<Context>(
    () => ({ ids: new Map(md.headings(tree).map((h) => [h.node, h.id])), headingOffset }),
    [md, tree, headingOffset],
  );
  const root = useRef<HTMLDivElement>(null);
  // An address naming a section of this lesson (a quiz's "Read:" link) brings it into view once the
  // lesson has rendered: the browser's own jump happened before the lesson arrived.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per lesson text
  useEffect(() => {
    const hash = typeof window === "undefined" ? "" : decodeURIComponent(window.location.hash.slice(1));
    if (hash.startsWith("section-")) {
      const target = Array.from(root.current?.querySelectorAll("[id]") ?? []).find((e) => e.id === hash);
      target?.scrollIntoView({ block: "start" });
    }
    onDrawn?.();
  }, [markdown]);
  return (
    <div className="tutorial" ref={root}>
      {renderBlocks(tree.children, ctx)}
    </div>
  );
}
