import { hydrate } from "@tanstack/react-query";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppRoot } from "./app/app-root";
import { PRERENDER_STATE_ID } from "./app/prerender-state";
import { createQueryClient } from "./app/providers";
import { routes } from "./app/router";
import { setHydrating } from "./lib/hydration";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

/** The catalogue answers a prerendered page was written with (scripts/prerender.mjs). */
const stateScript = document.getElementById(PRERENDER_STATE_ID);
const prerendered = stateScript !== null && root.firstElementChild !== null;

async function start(container: HTMLElement) {
  const client = createQueryClient();
  if (prerendered) {
    setHydrating(true);
    hydrate(client, JSON.parse(stateScript.textContent ?? "{}"));
  }
  // The page's lazy route modules load first, so the first render is the page itself (for a
  // prerendered page, exactly the HTML it hydrates).
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => m.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  const app = (
    <AppRoot client={client}>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppRoot>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start(root);
