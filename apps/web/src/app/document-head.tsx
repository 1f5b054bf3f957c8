import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useMatches } from "react-router";
import { type PageHead, resolveHead } from "./head";
import type { RouteHandle } from "./router";

/** The current page's head, from the deepest route whose handle names one. */
export function useRouteHead(): () => PageHead {
  const matches = useMatches();
  const client = useQueryClient();
  const match = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.head);
  return () =>
    resolveHead((match?.handle as RouteHandle | undefined)?.head, match?.params ?? {}, (key) =>
      client.getQueryData(key),
    );
}

/**
 * Keeps the document's title and description in step with client-side navigation. The first HTML
 * of a public page already carries them (with its canonical link and Open Graph tags), written at
 * build time from the same route handles.
 */
export function DocumentHead() {
  const head = useRouteHead();
  const client = useQueryClient();
  useEffect(() => {
    const apply = () => {
      const { title, description } = head();
      if (document.title !== title) document.title = title;
      const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (meta && meta.content !== description) meta.content = description;
    };
    apply();
    // A course page's title arrives with its data.
    return client.getQueryCache().subscribe((event) => {
      if (event.type === "updated") apply();
    });
  }, [head, client]);
  return null;
}
