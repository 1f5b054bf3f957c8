import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { ApiError } from "./api-error";
import { useHydrated } from "./hydration";
import { progressKeyPrefix } from "./progress-keys";
import { sessionChanged } from "./signed-in";
import { keysWithPrefix, readToken, removeKey } from "./storage";
import { storageKeys } from "./storage-keys";

/** The browser's user record. */
export interface SessionUser {
  _id?: string;
  name: string;
  email: string;
  phone?: string | null;
  isPremium: boolean;
  referralCode?: string | null;
}

interface Session {
  user: SessionUser | null;
  setUser: (user: SessionUser | null) => void;
  login: (token: string, user: SessionUser) => void;
  /** Forgets the session here and ends it on the server (the token is revoked there). */
  logout: () => void;
}

/** The session's query key: its answer is the signed-in user, or null for a visitor. */
export const SESSION_KEY = ["session"] as const;

/**
 * Logout removes the token and the user, the course progress and certificate flags kept for them,
 * and everything saved for offline (answers, saved files, attempts still waiting): the next person
 * on this browser finds none of it.
 */
export function clearSessionStorage(): void {
  removeKey(storageKeys.token);
  removeKey(storageKeys.user);
  for (const key of [...keysWithPrefix("progress_"), ...keysWithPrefix("certificate_")]) removeKey(key);
  sessionChanged();
  if (typeof indexedDB !== "undefined")
    void import("./offline/store").then((store) => store.clearOfflineData()).catch(() => undefined);
}

/**
 * GET /api/auth/me with the stored token: the browser's copy of the user (restored from `user` by the
 * query persister, app/query-client.tsx) is shown at once and refreshed from the server (name,
 * premium...). A token the server refuses is forgotten; a failed request keeps the copy.
 */
export const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: async (): Promise<SessionUser | null> => {
    const token = readToken();
    if (!token) return null;
    try {
      // The contract (zod) loads with this call, so a visitor's first page does not ship it.
      const { fetchMe } = await import("./fetch-me");
      const me = await fetchMe();
      return readToken() === token ? me : null;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401 && readToken() === token) {
        clearSessionStorage();
        return null;
      }
      throw err;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/**
 * The signed-in user (null for a visitor) and what changes the session. A prerendered page was
 * written for a visitor: the user is shown from the render after hydration.
 */
export function useSession(): Session {
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const { data } = useQuery(sessionQuery);
  const user = hydrated ? (data ?? null) : null;

  const setUser = useCallback((next: SessionUser | null) => queryClient.setQueryData(SESSION_KEY, next), [queryClient]);

  const login = useCallback(
    (token: string, next: SessionUser) => {
      try {
        localStorage.setItem(storageKeys.token, token);
      } catch {
        // storage unavailable: the session lives in memory only
      }
      // Another learner's (or a visitor's) course records are read again for this one.
      queryClient.removeQueries({ queryKey: progressKeyPrefix });
      queryClient.setQueryData(SESSION_KEY, next);
      sessionChanged();
    },
    [queryClient],
  );

  const logout = useCallback(() => {
    const token = readToken();
    clearSessionStorage();
    queryClient.removeQueries({ queryKey: progressKeyPrefix });
    queryClient.setQueryData(SESSION_KEY, null);
    // The contract (zod) loads with the call. A failed call leaves the token to expire on its own.
    if (token) void import("./logout-call").then(({ revokeSession }) => revokeSession(token)).catch(() => undefined);
  }, [queryClient]);

  return useMemo(() => ({ user, setUser, login, logout }), [user, setUser, login, logout]);
}
