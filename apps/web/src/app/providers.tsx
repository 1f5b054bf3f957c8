import type { ReactNode } from "react";
import { AlertProvider } from "../components/alerts";
import { SessionProvider } from "../lib/session";

/**
 * What every page shares: the session and the alerts. The query cache is not here: the pages that
 * fetch bring it (app/query-scope.tsx), so a first visit to the home page loads no query library.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <AlertProvider>{children}</AlertProvider>
    </SessionProvider>
  );
}
