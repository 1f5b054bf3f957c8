import type { HelpRecord } from "@koc/shared";
import { z } from "zod";
import { createClaimSigner, withinLifetime } from "../quiz/receipts.js";

/** A visitor's help state starts with this (trial receipts start "t.", quiz receipts with neither). */
export const HELP_STATE_PREFIX = "h.";

/** x: exercise, f: failures, h: hints taken, l: failures at the last hint, r: revealed, p: passed, t: when. */
const helpClaims = z.object({
  x: z.string(),
  f: z.number().int().min(0).max(10_000),
  h: z.number().int().min(0).max(1_000),
  l: z.number().int().min(0).max(10_000),
  r: z.boolean(),
  p: z.boolean(),
  t: z.number(),
});

export type VisitorHelp = Omit<HelpRecord, "hintCount">;

export const NO_HELP: VisitorHelp = {
  hintsTaken: 0,
  failures: 0,
  failuresAtLastHint: 0,
  revealed: false,
  passed: false,
};

/**
 * A visitor's place on a trial's ladder, signed with its own key derived from the server's secret:
 * the visitor keeps it and sends it back, so the server decides every unlock without storing
 * anything, and a visitor can neither forge nor alter one. Replaying an older state only loses help;
 * the state is imported into the account at sign-in (POST /api/quiz/receipts).
 */
export function createHelpStateSigner(secret: string) {
  const signer = createClaimSigner(secret, "koc trial help v1", helpClaims, HELP_STATE_PREFIX);
  return {
    issue(exerciseId: string, s: VisitorHelp, at: number): string {
      return signer.seal({
        x: exerciseId,
        f: s.failures,
        h: s.hintsTaken,
        l: s.failuresAtLastHint,
        r: s.revealed,
        p: s.passed,
        t: at,
      });
    },

    /** The state of a genuine, unexpired token; null for anything else. */
    verify(token: string, now: number): (VisitorHelp & { exerciseId: string; at: number }) | null {
      const c = signer.open(token);
      if (!c || !withinLifetime(c.t, now)) return null;
      return {
        exerciseId: c.x,
        failures: c.f,
        hintsTaken: c.h,
        failuresAtLastHint: c.l,
        revealed: c.r,
        passed: c.p,
        at: c.t,
      };
    },

    /** A visitor's state for this exercise: the token's when genuine and about it, else a fresh start. */
    read(token: string | undefined, exerciseId: string, now: number): VisitorHelp {
      const state = token ? this.verify(token, now) : null;
      if (!state || state.exerciseId !== exerciseId) return NO_HELP;
      const { exerciseId: _x, at: _t, ...rest } = state;
      return rest;
    },
  };
}

export type HelpStateSigner = ReturnType<typeof createHelpStateSigner>;
