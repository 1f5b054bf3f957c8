import mjml2html from "mjml";
import type { MailMessage } from "./types.js";

/**
 * Every mail the server writes, as plain text and as HTML in the kingdom's look (night-sky header,
 * parchment page, a gold button), from one description, so the two parts always say the same.
 * The HTML is laid out with MJML, which makes markup that mail clients render alike; the text part
 * is written for people, not stripped from the HTML, so a text-only client reads it well.
 */
export interface MailContent {
  to: string;
  subject: string;
  /** The greeting or heading line, e.g. "Hail, Devasena!". */
  heading: string;
  /** Paragraphs before the action; each is plain text (escaped for HTML here). */
  paragraphs: string[];
  /** The one thing to do, as a button in HTML and as "label:\n url" in text. */
  action?: { label: string; url: string };
  /** Paragraphs after the action. */
  after?: string[];
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Line breaks inside a paragraph stay line breaks in HTML. */
const paragraphHtml = (p: string) => escapeHtml(p).replace(/\n/g, "<br />");

const FOOTER = "Kingdom of Code, where every learner is a warrior in training.";

export function renderMail(content: MailContent): MailMessage {
  const after = content.after ?? [];
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.action ? [`${content.action.label}:`, content.action.url, ""] : []),
    ...after.flatMap((p) => [p, ""]),
    "--",
    FOOTER,
    "",
  ].join("\n");

  const textBlock = (p: string) =>
    `<mj-text font-size="16px" line-height="24px" color="#2b2118">${paragraphHtml(p)}</mj-text>`;
  const source = `<mjml lang="en">
  <mj-head>
    <mj-title>${escapeHtml(content.subject)}</mj-title>
    <mj-attributes><mj-all font-family="Georgia, 'Times New Roman', serif" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#0f1530">
    <mj-section background-color="#1b2347" padding="20px">
      <mj-column>
        <mj-text align="center" font-size="22px" color="#d4a017" font-weight="bold">&#9813; Kingdom of Code</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#f6ecd2" padding="24px">
      <mj-column>
        <mj-text font-size="20px" font-weight="bold" color="#2b2118">${escapeHtml(content.heading)}</mj-text>
        ${content.paragraphs.map(textBlock).join("\n        ")}
        ${
          content.action
            ? `<mj-button href="${escapeHtml(content.action.url)}" background-color="#d4a017" color="#0f1530" font-weight="bold" font-size="16px">${escapeHtml(content.action.label)}</mj-button>
        <mj-text font-size="13px" color="#5a4a3a">Or open this address: ${escapeHtml(content.action.url)}</mj-text>`
            : ""
        }
        ${after.map(textBlock).join("\n        ")}
      </mj-column>
    </mj-section>
    <mj-section padding="16px">
      <mj-column>
        <mj-text align="center" font-size="12px" color="#c9c2b0">${escapeHtml(FOOTER)}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // mjml 4 renders synchronously (its newest typings describe mjml 5's promise).
  const { html, errors } = mjml2html(source, { validationLevel: "strict" }) as unknown as {
    html: string;
    errors: { formattedMessage: string }[];
  };
  // Only our own fixed markup is validated here (values are escaped), so an error is a bug in this file.
  if (errors.length > 0) throw new Error(`mail layout: ${errors.map((e) => e.formattedMessage).join("; ")}`);
  return { to: content.to, subject: content.subject, text, html };
}
