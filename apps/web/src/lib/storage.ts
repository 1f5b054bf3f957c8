import { storageKeys } from "./storage-keys";

/** JSON in localStorage that never throws: a corrupt or missing value reads as the fallback. */
export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the app keeps working from memory.
  }
}

export function removeKey(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // ignore: storage unavailable
  }
}

export function readToken(): string | null {
  try {
    return localStorage.getItem(storageKeys.token);
  } catch {
    return null;
  }
}

/** Keys whose names start with a prefix, e.g. every progress_ record. */
export function keysWithPrefix(prefix: string): string[] {
  const keys: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    // ignore
  }
  return keys;
}
