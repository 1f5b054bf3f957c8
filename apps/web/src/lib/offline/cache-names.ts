/**
 * Names shared by the service worker (src/sw.ts) and the page: the Cache Storage cache that
 * "Save for offline" fills, and the addresses it may hold (docs/decisions/0029-offline-learning.md).
 */
export const SAVED_ASSETS_CACHE = "koc-saved-assets";

/** Static files only, never an API answer: Pyodide's runtime and the lessons' pictures. */
export const SAVED_ASSET_PATH = /^\/assets\/(pyodide-[^/]+\/[^/]+|content\/[a-z0-9-]+\/[a-z0-9.-]+\.svg)$/;

/** Visited pages' HTML (public pages and the app's shell: the same for every visitor). */
export const PAGES_CACHE = "koc-pages";
