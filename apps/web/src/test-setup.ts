import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";
import { loadMarkdownGrammar } from "./components/tutorial-renderer";

// The lesson renderer fetches its Markdown grammar lazily in the browser; tests draw lessons
// synchronously, so it is loaded once before any of them.
await loadMarkdownGrammar();

// Test files share their worker's modules and document (isolate: false in vitest.config.ts): each
// test's tree is unmounted after it, and what a file kept in the browser goes when it ends.
afterEach(cleanup);
afterAll(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
