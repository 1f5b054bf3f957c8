import { Check, Copy } from "lucide-react";
import { Fragment, type ReactNode, useEffect, useState } from "react";
import "./tutorial-renderer.css";

/**
 * Renders lesson Markdown as React elements: headings # to ####, bold, italic, inline code, line
 * breaks, lists and fenced code blocks with a language label and a Copy button. Nothing is ever
 * injected as HTML, so lesson text cannot run script in the page.
 */
type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "code"; lang: string; code: string }
  | { kind: "list"; ordered: boolean; items: string[] }
  | { kind: "paragraph"; text: string };

export function parseBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    const fence = /^```\s*([\w+-]*)/.exec(line);
    if (fence) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !/^```\s*$/.test(lines[i] ?? "")) code.push(lines[i++] ?? "");
      i++;
      blocks.push({ kind: "code", lang: fence[1] ?? "", code: code.join("\n") });
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
      const items: string[] = [];
      while (i < lines.length && /^\s*([-*]|\d+\.)\s+/.test(lines[i] ?? "")) {
        let item = (lines[i] ?? "").replace(/^\s*([-*]|\d+\.)\s+/, "");
        i++;
        // continuation lines indented under the item
        while (i < lines.length && /^\s{2,}\S/.test(lines[i] ?? "") && !/^\s*([-*]|\d+\.)\s+/.test(lines[i] ?? "")) {
          item += `\n${(lines[i] ?? "").trim()}`;
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
      !/^\s*([-*]|\d+\.)\s+/.test(lines[i] ?? "")
    ) {
      para.push(lines[i++] ?? "");
    }
    blocks.push({ kind: "paragraph", text: para.join("\n") });
  }
  return blocks;
}

const INLINE = /(`[^`]+`|\*\*[^*]+\*\*|__[^_]+__|\*[^*\s][^*]*\*|_[^_\s][^_]*_|\n)/g;

export function renderInline(text: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    const key = `${i}`;
    if (!part) return null;
    if (part === "\n") return <br key={key} />;
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1)
      return <code key={key}>{part.slice(1, -1)}</code>;
    if ((part.startsWith("**") && part.endsWith("**")) || (part.startsWith("__") && part.endsWith("__"))) {
      return <strong key={key}>{renderInline(part.slice(2, -2))}</strong>;
    }
    if ((part.startsWith("*") && part.endsWith("*")) || (part.startsWith("_") && part.endsWith("_"))) {
      return <em key={key}>{renderInline(part.slice(1, -1))}</em>;
    }
    return <Fragment key={key}>{part}</Fragment>;
  });
}

export const COPY_CONFIRM_MS = 2000;

function CodeBlock({ lang, code }: { lang: string; code: string }) {
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
        <button
          type="button"
          className="code-copy"
          onClick={copy}
          aria-label={copied ? "Copied!" : `Copy ${lang || ""} code`}
        >
          {copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
          <span>{copied ? "Copied!" : "Copy"}</span>
        </button>
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable code must be reachable by keyboard */}
      <pre tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/** headingOffset shifts Markdown levels so lesson headings sit under the page's own headings. */
export function TutorialRenderer({ markdown, headingOffset = 2 }: { markdown: string; headingOffset?: number }) {
  const blocks = parseBlocks(markdown);
  return (
    <div className="tutorial">
      {blocks.map((b, i) => {
        const key = `${b.kind}-${i}`;
        switch (b.kind) {
          case "heading": {
            const level = Math.min(6, b.level + headingOffset) as 1 | 2 | 3 | 4 | 5 | 6;
            const Tag = `h${level}` as const;
            return (
              <Tag key={key} className={`tutorial-h${b.level}`}>
                {renderInline(b.text)}
              </Tag>
            );
          }
          case "code":
            return <CodeBlock key={key} lang={b.lang} code={b.code} />;
          case "list": {
            const items = b.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items come from static lesson text and never reorder
              <li key={`${key}-${j}`}>{renderInline(item)}</li>
            ));
            return b.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
          }
          default:
            return <p key={key}>{renderInline(b.text)}</p>;
        }
      })}
    </div>
  );
}
