/// <reference lib="webworker" />
/**
 * The service worker, built by Workbox (vite-plugin-pwa, injectManifest): precaches the app's
 * shell, answers page loads from the network and, offline, from the pages seen before or the shell,
 * and serves the files "Save for offline" stored. It never handles /api: learners' answers are kept
 * only by the page's own save (docs/decisions/0029-offline-learning.md).
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { PAGES_CACHE, SAVED_ASSET_PATH, SAVED_ASSETS_CACHE } from "./lib/offline/cache-names";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const pages = new NetworkFirst({ cacheName: PAGES_CACHE, networkTimeoutSeconds: 8 });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        // Offline and never seen: the app's shell renders the page from the learner's saved copy.
        return (await matchPrecache("/index.html")) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//, /^\/sandbox\//] },
  ),
);

// Saved files are served from the saved cache; anything else goes to the network and is not stored
// (only "Save for offline" stores, so nothing is kept that the learner did not ask for).
registerRoute(
  ({ url }) => url.origin === self.location.origin && SAVED_ASSET_PATH.test(url.pathname),
  new CacheFirst({ cacheName: SAVED_ASSETS_CACHE, plugins: [{ cacheWillUpdate: async () => null }] }),
);

self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
