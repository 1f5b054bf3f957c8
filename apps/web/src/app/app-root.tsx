import { type ReactNode, StrictMode, useEffect } from "react";
import { setHydrating } from "../lib/hydration";
import { Providers } from "./providers";

/** Ends the hydration phase once the first render has committed. */
function Hydrated() {
  useEffect(() => setHydrating(false), []);
  return null;
}

/** The same tree around the router in the browser (main.tsx) and in the build-time prerender. */
export function AppRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <Providers>
        {children}
        <Hydrated />
      </Providers>
    </StrictMode>
  );
}
