import { type DehydratedState, hydrate, type Query, type QueryClient } from "@tanstack/react-query";
import {
  type PersistedClient,
  type Persister,
  persistQueryClientSubscribe,
} from "@tanstack/react-query-persist-client";
import { courseOfProgressKey } from "./progress-keys";
import { SESSION_KEY, type SessionUser } from "./session";
import { readJson, readToken, writeJson } from "./storage";
import { storageKeys } from "./storage-keys";

/** The queries kept in the browser: the session and each course's progress. */
export const isKept = (query: Query) => {
  return query.queryKey[0] === SESSION_KEY[0] || courseOfProgressKey(query.queryKey) !== undefined;
};

/** A query of the browser copy, as dehydrate writes one. Stale from the start: it is read again from the server. */
const restored = (queryKey: readonly unknown[], data: unknown) => ({
  queryKey,
  queryHash: JSON.stringify(queryKey),
  dehydratedAt: 0,
  state: {
    data,
    dataUpdateCount: 1,
    dataUpdatedAt: 0,
    error: null,
    errorUpdateCount: 0,
    errorUpdatedAt: 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: true,
    status: "success" as const,
    fetchStatus: "idle" as const,
  },
});

/**
 * The browser copy of the kept queries, in the storage keys the app has always used: the session's
 * user in `user` (restored only beside a token), each course's progress in progress_{courseId}. Each
 * query is written when its data changes, so a copy written elsewhere (the merge at sign-in) is
 * never overwritten by an older answer. Logout clears the keys itself (lib/session.tsx). Progress is
 * restored where it is read (the course's progress query, with the schema that reads both record
 * shapes), so that a first page that shows no progress does not load that schema.
 */
function storageKeysPersister(): Persister {
  const written = new Map<string, string>();
  return {
    persistClient(client: PersistedClient) {
      for (const query of client.clientState.queries) {
        const { data, dataUpdatedAt, dataUpdateCount, status } = query.state;
        // Data never answered nor set here (restored, or a query's initial data) is the copy already.
        // One version of a query's data: when it changed, and how many times (several changes may share a millisecond).
        const version = `${dataUpdatedAt}:${dataUpdateCount}`;
        if (status !== "success" || dataUpdatedAt === 0 || written.get(query.queryHash) === version) continue;
        written.set(query.queryHash, version);
        const courseId = courseOfProgressKey(query.queryKey);
        if (query.queryKey[0] === SESSION_KEY[0] && data) writeJson(storageKeys.user, data);
        if (courseId !== undefined && data) writeJson(storageKeys.progress(courseId), data);
      }
    },
    restoreClient(): PersistedClient {
      const user = readJson<SessionUser | null>(storageKeys.user, null);
      const signedIn = Boolean(readToken() && user && typeof user.email === "string");
      const clientState: DehydratedState = {
        mutations: [],
        queries: signedIn ? [restored(SESSION_KEY, user)] : [],
      };
      return { timestamp: Date.now(), buster: "", clientState };
    },
    removeClient() {
      // Nothing to remove as a whole: each key belongs to the app (logout clears them).
    },
  };
}

/**
 * Fills `client` with the browser copy of the session (at once: the first render already knows the
 * signed-in user) and writes every later change of the kept queries back.
 */
export function keepInBrowser(client: QueryClient): () => void {
  const persister = storageKeysPersister();
  hydrate(client, (persister.restoreClient() as PersistedClient).clientState);
  return persistQueryClientSubscribe({
    queryClient: client,
    persister,
    dehydrateOptions: { shouldDehydrateQuery: isKept, shouldDehydrateMutation: () => false },
  });
}
