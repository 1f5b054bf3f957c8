import type { ReactNode } from "react";
import { AlertProvider } from "../components/alerts";

/**
 * What every page shares: the alerts. The query cache (the session and course progress are
 * queries in it) is given by each page that reads it and by the shell's signed-in parts
 * (app/query-client.tsx: one cache for the whole visit), so a visitor's home page ships no query
 * library.
 */
export function Providers({ children }: { children: ReactNode }) {
  return <AlertProvider>{children}</AlertProvider>;
}
