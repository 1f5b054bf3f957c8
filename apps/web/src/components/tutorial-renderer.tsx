import { isLessonImageUrl, sectionId } from "@koc/shared";
import { Check, Copy } from "lucide-react";
import { Fragment, type ReactNode, useEffect, useRef, useState } from "react";
import { RunButtons, RunOutput, useBlockRun } from "./code-block-run";
import type { Token } from "./code-highlight";
import { DiagramViewer } from "./diagram-viewer";
import "./tutorial-renderer.css";

/**
 * Renders lesson Markdown as React elements: headings # to ####, bold, italic, inline code, line
 * breaks, lists, fenced code blocks with a language label and a Copy button (and, where a page
 * provides CodeActionsContext, Run and Edit for Java, JavaScript and Python), and pictures on a
 * line of their own. Nothing is ever injected as HTML, so lesson text cannot run script in the page.
 */
/** A list item and its sub-list (one level of nesting: an item indented by two or more spaces). */
export interface ListItem {
  text: string;
  sub?: { ordered: boolean; items: string[] };
}

type Block =
  | { kind: "heading"; level: number; text: string }
  /** `release`: a fence such as ```java release=21 marks an example that needs that Java release. */
  | { kind: "code"; lang: string; code: string; release?: number }
  | { kind: "list"; ordered: boolean; items: ListItem[] }
  | { kind: "image"; alt: string; src: string }
  | { kind: "paragraph"; text: string };

/** A picture on a line of its own: `![alt text](src)`. */
const IMAGE_LINE = /^!\[([^\]]*)\]\(([^)\s]*)\)\s*$/;

export function parseBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    const fence = /^```\s*([\w+-]*)(?:\s+release=(\d+))?/.exec(line);
    if (fence) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !/^```\s*$/.test(lines[i] ?? "")) code.push(lines[i++] ?? "");
      i++;
      blocks.push({
        kind: "code",
        lang: fence[1] ?? "",
        code: code.join("\n"),
        ...(fence[2] ? { release: Number(fence[2]) } : {}),
      });
      continue;
    }
    const image = IMAGE_LINE.exec(line.trim());
    if (image) {
      blocks.push({ kind: "image", alt: image[1]?.trim() ?? "", src: image[2] ?? "" });
      i++;
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push({ kind: "heading", level: heading[1]?.length ?? 1, text: heading[2] ?? "" });
      i++;
      continue;
    }
    if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: ListItem[] = [];
      while (i < lines.length && /^\s*([-*]|\d+\.)\s+/.test(lines[i] ?? "")) {
        const current = lines[i] ?? "";
        const text = current.replace(/^\s*([-*]|\d+\.)\s+/, "");
        i++;
        const parent = items[items.length - 1];
        if (/^\s{2,}/.test(current) && parent) {
          parent.sub ??= { ordered: /^\s*\d+\./.test(current), items: [] };
          parent.sub.items.push(text);
          continue;
        }
        const item: ListItem = { text };
        // continuation lines indented under the item
        while (i < lines.length && /^\s{2,}\S/.test(lines[i] ?? "") && !/^\s*([-*]|\d+\.)\s+/.test(lines[i] ?? "")) {
          item.text += `\n${(lines[i] ?? "").trim()}`;
          i++;
        }
        items.push(item);
      }
      blocks.push({ kind: "list", ordered, items });
      continue;
    }
    if (line.trim() === "") {
      i++;
      continue;
    }
    const para: string[] = [];
    while (
      i < lines.length &&
      (lines[i] ?? "").trim() !== "" &&
      !/^(```|#{1,4}\s)/.test(lines[i] ?? "") &&
      !IMAGE_LINE.test((lines[i] ?? "").trim()) &&
      !/^\s*([-*]|\d+\.)\s+/.test(lines[i] ?? "")
    ) {
      para.push(lines[i++] ?? "");
    }
    blocks.push({ kind: "paragraph", text: para.join("\n") });
  }
  return blocks;
}

const INLINE = /(`[^`]+`|\*\*[^*]+\*\*|__[^_]+__|\*[^*\s][^*]*\*|_[^_\s][^_]*_|\n)/g;

/**
 * Markdown's line breaks: a line ending in two spaces or a backslash breaks (CommonMark's hard
 * line breaks); any other newline is a soft break, read as a space, so a sentence wrapped in the source
 * ("number from 0\nto 1000.") reads as one line.
 */
export const breakLines = (text: string) =>
  text.replace(/( {2,}|\\)\n|[ \t]*\n[ \t]*/g, (_match, hard: string | undefined) => (hard ? "\n" : " "));

export function renderInline(text: string): ReactNode[] {
  return inline(breakLines(text));
}

function inline(text: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    const key = `${i}`;
    if (!part) return null;
    if (part === "\n") return <br key={key} />;
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1)
      return <code key={key}>{part.slice(1, -1)}</code>;
    if ((part.startsWith("**") && part.endsWith("**")) || (part.startsWith("__") && part.endsWith("__"))) {
      return <strong key={key}>{inline(part.slice(2, -2))}</strong>;
    }
    if ((part.startsWith("*") && part.endsWith("*")) || (part.startsWith("_") && part.endsWith("_"))) {
      return <em key={key}>{inline(part.slice(1, -1))}</em>;
    }
    return <Fragment key={key}>{part}</Fragment>;
  });
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
  release,
}: {
  lang: string;
  code: string;
  stdin?: string | undefined;
  release?: number | undefined;
}) {
  const tokens = useHighlighted(code, lang);
  const runnable = useBlockRun(lang, code, stdin, release === 21 ? "java21" : undefined);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => window.clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
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
          <button
            type="button"
            className="code-copy"
            onClick={copy}
            aria-label={copied ? "Copied!" : `Copy ${lang || ""} code`}
          >
            {copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
            <span>{copied ? "Copied!" : "Copy"}</span>
          </button>
        </span>
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable code must be reachable by keyboard */}
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
            : code}
        </code>
      </pre>
      {runnable && <RunOutput block={runnable} />}
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

function List({ ordered, items }: { ordered: boolean; items: ListItem[] }) {
  const children = items.map((item, j) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: items come from static lesson text and never reorder
    <li key={j}>
      {renderInline(item.text)}
      {item.sub && <List ordered={item.sub.ordered} items={item.sub.items.map((text) => ({ text }))} />}
    </li>
  ));
  return ordered ? <ol>{children}</ol> : <ul>{children}</ul>;
}

/**
 * The id of each heading block: `section-<slug>` (the shared sectionId, which the server's quiz
 * "Read:" links use too); a repeated heading gets -2, -3, ... so ids stay unique in the lesson.
 */
function headingIds(blocks: readonly Block[]): Map<number, string> {
  const ids = new Map<number, string>();
  const seen = new Map<string, number>();
  blocks.forEach((b, i) => {
    if (b.kind !== "heading") return;
    const id = sectionId(b.text);
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    ids.set(i, n === 1 ? id : `${id}-${n}`);
  });
  return ids;
}

/** headingOffset shifts Markdown levels so lesson headings sit under the page's own headings. */
export function TutorialRenderer({ markdown, headingOffset = 2 }: { markdown: string; headingOffset?: number }) {
  const blocks = parseBlocks(markdown);
  const ids = headingIds(blocks);
  const root = useRef<HTMLDivElement>(null);
  // An address naming a section of this lesson (a quiz's "Read:" link) brings it into view once the
  // lesson has rendered: the browser's own jump happened before the lesson arrived.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per lesson text
  useEffect(() => {
    const hash = typeof window === "undefined" ? "" : decodeURIComponent(window.location.hash.slice(1));
    if (!hash.startsWith("section-")) return;
    const target = Array.from(root.current?.querySelectorAll("[id]") ?? []).find((e) => e.id === hash);
    target?.scrollIntoView({ block: "start" });
  }, [markdown]);
  return (
    <div className="tutorial" ref={root}>
      {blocks.map((b, i) => {
        const key = `${b.kind}-${i}`;
        switch (b.kind) {
          case "heading": {
            const level = Math.min(6, b.level + headingOffset) as 1 | 2 | 3 | 4 | 5 | 6;
            const Tag = `h${level}` as const;
            return (
              <Tag key={key} id={ids.get(i)} className={`tutorial-h${b.level}`}>
                {renderInline(b.text)}
              </Tag>
            );
          }
          case "code": {
            // A ```stdin block right after an example is the input it reads (content/README.md).
            const next = blocks[i + 1];
            const stdin = next?.kind === "code" && next.lang === "stdin" ? `${next.code}\n` : undefined;
            return <CodeBlock key={key} lang={b.lang} code={b.code} stdin={stdin} release={b.release} />;
          }
          case "list":
            return <List key={key} ordered={b.ordered} items={b.items} />;
          case "image":
            return <LessonImage key={key} alt={b.alt} src={b.src} />;
          default:
            return <p key={key}>{renderInline(b.text)}</p>;
        }
      })}
    </div>
  );
}
