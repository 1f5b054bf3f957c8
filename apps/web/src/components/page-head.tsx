import { useHydrated } from "../lib/hydration";
import type { PageHead } from "../lib/page-head";

/**
 * The document's title and description, rendered where the page is and hoisted into <head> by
 * React 19 (it takes over the <title> the HTML came with). A page's first HTML already carries
 * them (the prerender writes its head from the same route handles, with the canonical link and
 * Open Graph tags), so they are rendered from the render after hydration on.
 */
export function PageHeadTags({ head }: { head: PageHead }) {
  if (!useHydrated()) return null;
  return (
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
    </>
  );
}
