import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoot } from "./app/app-root";
import { PRERENDER_STATE_ID } from "./app/prerender-state";
import { AppRoutes, preloadPage } from "./app/router";
import { setHydrating } from "./lib/hydration";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

/** A page written at build time (scripts/prerender.mjs) carries its query cache beside #root. */
const prerendered = document.getElementById(PRERENDER_STATE_ID) !== null && root.firstElementChild !== null;

async function start(container: HTMLElement) {
  if (prerendered) setHydrating(true);
  // The page's module loads first, so the first render is the page itself (for a prerendered page,
  // exactly the HTML it hydrates). If it cannot load, the page's error boundary says so.
  await preloadPage(window.location.pathname).catch(() => undefined);
  const app = (
    <AppRoot>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppRoot>
  );
  // Hydration as a transition: React does it in slices, yielding to the browser between them, so
  // the page's HTML stays responsive while it becomes interactive (no long task).
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start(root);
