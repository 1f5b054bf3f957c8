import { type ReactNode, StrictMode, useEffect } from "react";
import { setHydrating } from "../lib/hydration";
import { Providers } from "./providers";

/**
 * Ends the hydration phase once the first render has committed, and marks the document
 * (`<html data-hydrated>`): from then on the page answers clicks and keys, so end-to-end tests and
 * scripts that drive the site wait for the mark instead of for a quiet network.
 */
function Hydrated() {
  useEffect(() => {
    setHydrating(false);
    document.documentElement.dataset.hydrated = "";
  }, []);
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
