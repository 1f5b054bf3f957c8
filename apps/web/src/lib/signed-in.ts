import { useSyncExternalStore } from "react";
import { readToken } from "./storage";
import { storageKeys } from "./storage-keys";

/**
 * Whether this browser holds a session token: what the app shell (header, offline strip) needs to
 * know before it loads the session itself (lib/session.tsx, a query, with TanStack Query). A
 * visitor's first page thus ships no query library. Sign-in and sign-out say so here; another tab's
 * arrive as storage events.
 */
const listeners = new Set<() => void>();

export function sessionChanged(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === storageKeys.token) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** False in the prerender and while hydrating (the HTML was written for a visitor). */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => readToken() !== null,
    () => false,
  );
}
