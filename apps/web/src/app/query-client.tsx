import { hydrate, QueryClient, QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useContext } from "react";
import { keepInBrowser } from "../lib/query-persister";
import { PRERENDER_STATE_ID } from "./prerender-state";

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
 * catalogue answers (written into the HTML by the build) are in it from the start, and so are the
 * session and course progress kept in this browser (lib/query-persister.ts).
 */
export function browserQueryClient(): QueryClient {
  if (!browserClient) {
    const client = createQueryClient();
    const state = document.getElementById(PRERENDER_STATE_ID)?.textContent;
    if (state) hydrate(client, JSON.parse(state));
    keepInBrowser(client);
    browserClient = client;
  }
  return browserClient;
}

/** Gives the app the query cache: the one around it (the prerender's, a test's) or the browser's. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={browserQueryClient()}>{children}</QueryClientProvider>;
}
