import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { AlertProvider } from "../components/alerts";
import { SessionProvider } from "../lib/session";

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>
        <AlertProvider>{children}</AlertProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
