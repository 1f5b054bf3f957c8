import { hydrate, QueryClient, QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, type ReactNode, useContext } from "react";
import { PRERENDER_STATE_ID } from "./prerender-state";

/**
 * TanStack Query is loaded with the pages that fetch (router.tsx loads this module beside them), not
 * with the app's shell: a first visit to a page that fetches nothing (the home page) does without it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Queries run offline too ("always"): a learner's saved copy answers them (lib/api-client.ts),
    // and one without a copy shows its error and Retry instead of waiting without end.
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false, networkMode: "always" } },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one query cache, shared by every page for the whole visit. A prerendered page's
 * catalogue answers (written into the HTML by the build) are in it from the start.
 */
export function browserQueryClient(): QueryClient {
  if (!browserClient) {
    browserClient = createQueryClient();
    const state = document.getElementById(PRERENDER_STATE_ID)?.textContent;
    if (state) hydrate(browserClient, JSON.parse(state));
  }
  return browserClient;
}

/** Gives its children the query cache: the one around it (the prerender's, a test's) or the browser's. */
export function QueryScope({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={browserQueryClient()}>{children}</QueryClientProvider>;
}

/** A page (or a lazily loaded panel) that fetches, inside the query cache. */
export function withQueries<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueries(props: P) {
    return (
      <QueryScope>
        <Component {...props} />
      </QueryScope>
    );
  }
  WithQueries.displayName = `WithQueries(${Component.displayName ?? Component.name})`;
  return WithQueries;
}
