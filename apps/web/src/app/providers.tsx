import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { AlertProvider } from "../components/alerts";
import { SessionProvider } from "../lib/session";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/** `client` is given when the cache starts with data (a prerendered page's catalogue answers). */
export function Providers({ children, client: given }: { children: ReactNode; client?: QueryClient }) {
  const [client] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>
        <AlertProvider>{children}</AlertProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
