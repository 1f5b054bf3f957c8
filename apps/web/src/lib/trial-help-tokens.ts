import { TRIAL_HELP_HEADER } from "@koc/shared";
import { readJson } from "./storage";
import { storageKeys } from "./storage-keys";

/**
 * A visitor's signed place on each trial's ladder of help, kept per trial in this browser (the
 * trials keep it up to date); sent back wherever the server must know it: the trial's own routes
 * and the mentor, which holds back the solution until the ladder unlocks it.
 */
export function helpTokens(): Record<string, string> {
  const value = readJson<unknown>(storageKeys.trialHelp, {});
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, string>) : {};
}

export function helpHeaders(exerciseId: string): Record<string, string> {
  const token = new Map(Object.entries(helpTokens())).get(exerciseId);
  return typeof token === "string" ? { [TRIAL_HELP_HEADER]: token } : {};
}
