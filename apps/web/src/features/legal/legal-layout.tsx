import { Scroll } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../lib/paths";
import "./legal.css";

export const LEGAL_UPDATED = "1 November 2026";
export const LEGAL_EMAIL = "support@kingdomofcode.dev";

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** A legal page: a hero, then the text on a calm parchment surface with a table of contents. */
export function LegalLayout({ title, intro, sections }: { title: string; intro: string; sections: LegalSection[] }) {
  const id = (i: number) => `section-${i + 1}`;
  return (
    <div className="legal">
      <section className="page-hero" aria-labelledby="legal-title">
        <div className="container">
          <Scroll aria-hidden="true" size={44} className="legal-icon" />
          <h1 id="legal-title">{title}</h1>
          <p>{intro}</p>
        </div>
      </section>
      <div className="container legal-body">
        <article className="parchment legal-text">
          <p className="legal-updated">Last updated: {LEGAL_UPDATED}</p>
          <nav aria-label="On this page" className="legal-toc">
            <h2>On this page</h2>
            <ol>
              {sections.map((s, i) => (
                <li key={s.heading}>
                  <a href={`#${id(i)}`}>{s.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((s, i) => (
            <section key={s.heading} id={id(i)} aria-labelledby={`${id(i)}-h`}>
              <h2 id={`${id(i)}-h`}>
                {i + 1}. {s.heading}
              </h2>
              {s.body}
            </section>
          ))}
          <p className="legal-footer">
            Questions about this page? Write to <a href={`mailto:${LEGAL_EMAIL}`}>{LEGAL_EMAIL}</a> or use our{" "}
            <Link to={paths.contact}>contact form</Link>.
          </p>
        </article>
      </div>
    </div>
  );
}
