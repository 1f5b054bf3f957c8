import { useEffect } from "react";
import type { PageHead } from "./head";

/**
 * Keeps the document's title and description at `head`: for a page whose head comes from its data
 * (a course page), once that data is at hand. Nothing when `head` is undefined.
 */
export function useDocumentHead(head: PageHead | undefined): void {
  const title = head?.title;
  const description = head?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    if (document.title !== title) document.title = title;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (meta && meta.content !== description) meta.content = description;
  }, [title, description]);
}

/**
 * Keeps the document's title and description in step with client-side navigation, from the
 * route's head (router.tsx). The first HTML of a public page already carries them (with its
 * canonical link and Open Graph tags), written at build time from the same route handles. It is
 * rendered before the page, so a page that sets its own head from its data (useDocumentHead) has
 * the last word.
 */
export function DocumentHead({ head }: { head: PageHead }) {
  useDocumentHead(head);
  return null;
}
