import { loadMarkdownGrammar } from "./components/tutorial-renderer";

// The lesson renderer fetches its Markdown grammar lazily in the browser; tests draw lessons
// synchronously, so it is loaded once before any of them.
await loadMarkdownGrammar();
