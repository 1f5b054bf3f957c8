import { storageKeys } from "@koc/shared";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { ApiError } from "./api-error";
import { isHydrating } from "./hydration";
import { keysWithPrefix, readJson, readToken, removeKey, writeJson } from "./storage";

/** The browser's user record (spec section 3). */
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

const SessionContext = createContext<Session | null>(null);

/** At start the user is restored only if both a token and a user record exist. */
function restoreUser(): SessionUser | null {
  const token = readToken();
  const user = readJson<SessionUser | null>(storageKeys.user, null);
  return token && user && typeof user.email === "string" ? user : null;
}

/**
 * Logout removes the token and the user, the course progress and certificate flags kept for them,
 * and everything saved for offline (answers, saved files, attempts still waiting): the next person
 * on this browser finds none of it.
 */
export function clearSessionStorage(): void {
  removeKey(storageKeys.token);
  removeKey(storageKeys.user);
  for (const key of [...keysWithPrefix("progress_"), ...keysWithPrefix("certificate_")]) removeKey(key);
  if (typeof indexedDB !== "undefined")
    void import("./offline/store").then((store) => store.clearOfflineData()).catch(() => undefined);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  // A prerendered page was written for a visitor: the stored user is restored after hydration.
  const [user, setUserState] = useState<SessionUser | null>(() => (isHydrating() ? null : restoreUser()));

  const setUser = useCallback((next: SessionUser | null) => {
    if (next) writeJson(storageKeys.user, next);
    setUserState(next);
  }, []);

  const login = useCallback((token: string, next: SessionUser) => {
    try {
      localStorage.setItem(storageKeys.token, token);
    } catch {
      // storage unavailable: the session lives in memory only
    }
    writeJson(storageKeys.user, next);
    setUserState(next);
  }, []);

  /** Forgets the session in this browser only: for a token the server has already refused. */
  const forget = useCallback(() => {
    clearSessionStorage();
    setUserState(null);
  }, []);

  const logout = useCallback(() => {
    const token = readToken();
    forget();
    // The contract (zod) loads with the call. A failed call leaves the token to expire on its own.
    if (token) void import("./logout-call").then(({ revokeSession }) => revokeSession(token)).catch(() => undefined);
  }, [forget]);

  // At start, refresh the stored user from the server (name, premium...), and drop a token it refuses.
  useEffect(() => {
    const token = readToken();
    if (!token) return;
    setUserState((shown) => shown ?? restoreUser());
    let current = true;
    // The contract (zod) loads with this call, so a visitor's first page does not ship it.
    import("./fetch-me")
      .then(({ fetchMe }) => fetchMe())
      .then((me) => {
        if (current && readToken() === token) setUser(me);
      })
      .catch((err: unknown) => {
        if (current && err instanceof ApiError && err.status === 401 && readToken() === token) forget();
      });
    return () => {
      current = false;
    };
  }, [setUser, forget]);

  const value = useMemo(() => ({ user, setUser, login, logout }), [user, setUser, login, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession must be used inside SessionProvider");
  return session;
}
