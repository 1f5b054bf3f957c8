import type { ReactNode } from "react";
import { AlertProvider } from "../components/alerts";
import { QueryProvider } from "./query-client";

/** What every page shares: the query cache (the session and course progress are queries in it) and the alerts. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <AlertProvider>{children}</AlertProvider>
    </QueryProvider>
  );
}
