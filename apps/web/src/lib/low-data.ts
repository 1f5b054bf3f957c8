import { useSyncExternalStore } from "react";
import { readJson, writeJson } from "./storage";

/**
 * The low-data setting: no hero pictures and no fetching of the next lesson ahead of time. On when
 * the learner turns it on (account page) or their browser asks to save data (Save-Data).
 */
const KEY = "lowData";
const listeners = new Set<() => void>();

export function isLowData(): boolean {
  if (readJson<boolean>(KEY, false) === true) return true;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

export function setLowData(on: boolean): void {
  writeJson(KEY, on);
  for (const l of listeners) l();
}

export function subscribeLowData(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The setting in a component; false while a prerendered page hydrates (its HTML was written without it). */
export function useLowData(): boolean {
  return useSyncExternalStore(subscribeLowData, isLowData, () => false);
}
