import {
  type HelpRecord,
  nextHint,
  type ProjectFile,
  type RevealRequest,
  SOLUTION_AFTER_FAILURES,
  type SolutionResult,
  solutionReadable,
  solutionUnlocked,
  type TrialHelp,
} from "@koc/shared";
import { and, eq, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { type ExerciseProjectRow, exerciseHelp, exercisePasses, type exercises } from "../../db/schema.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import type { HelpStateSigner, VisitorHelp } from "./help-state.js";

type Row = typeof exercises.$inferSelect;
/** A learner (state on the server) or a visitor (state in their signed token, if any). */
export type Helped = { user: { id: string } | null; helpToken?: string | undefined };

export const NO_MORE_HINTS = "Kattappa has shared every hint this trial has. The rest is your blade.";
export const HINT_AFTER_ATTEMPT = "The next hint unlocks after another attempt: try your idea, then ask again.";
export const SOLUTION_EARLY = (failures: number) =>
  `The solution unlocks after ${SOLUTION_AFTER_FAILURES} failed submissions (you have ${failures}). To reveal it now, confirm the early reveal and its cost.`;
export const SOLUTION_SEALED =
  "The reference solution is still sealed: pass the trial to compare, or reveal it (at a cost) first.";

/**
 * The ladder of help: the server decides every step. A learner's state is in
 * exercise_help and exercise_passes; a visitor's travels in a signed token (help-state.ts).
 */
export function createHelpLadder({ db, signer, now }: { db: DbOrTx; signer: HelpStateSigner; now: () => number }) {
  async function learnerRecord(userId: string, row: Row, tx: DbOrTx = db): Promise<VisitorHelp> {
    const [h] = await tx
      .select()
      .from(exerciseHelp)
      .where(and(eq(exerciseHelp.userId, userId), eq(exerciseHelp.exerciseId, row.id)));
    const [p] = await tx
      .select({ withHelp: exercisePasses.withHelp })
      .from(exercisePasses)
      .where(and(eq(exercisePasses.userId, userId), eq(exercisePasses.exerciseId, row.id)));
    return {
      failures: h?.failures ?? 0,
      hintsTaken: h?.hintsTaken ?? 0,
      failuresAtLastHint: h?.failuresAtLastHint ?? 0,
      revealed: h?.revealedAt != null,
      passed: p !== undefined,
    };
  }

  async function load(row: Row, who: Helped): Promise<VisitorHelp> {
    return who.user ? learnerRecord(who.user.id, row) : signer.read(who.helpToken, row.id, now());
  }

  /** The answer's view of a state; a visitor also gets it signed, to send back next time. */
  function view(row: Row, s: VisitorHelp, who: Helped, solvedWithHelp: boolean): TrialHelp {
    const record: HelpRecord = { ...s, hintCount: row.hints.length };
    return {
      hintCount: row.hints.length,
      hints: row.hints.slice(0, Math.min(s.hintsTaken, row.hints.length)),
      nextHint: nextHint(record),
      failures: s.failures,
      solutionAfter: SOLUTION_AFTER_FAILURES,
      solutionReadable: solutionReadable(record),
      solutionUnlocked: solutionUnlocked(record),
      revealed: s.revealed,
      passed: s.passed,
      solvedWithHelp,
      ...(who.user ? {} : { token: signer.issue(row.id, s, now()) }),
    };
  }

  async function solvedWithHelp(row: Row, who: Helped, s: VisitorHelp): Promise<boolean> {
    if (!who.user) return s.passed && s.revealed;
    const [p] = await db
      .select({ withHelp: exercisePasses.withHelp })
      .from(exercisePasses)
      .where(and(eq(exercisePasses.userId, who.user.id), eq(exercisePasses.exerciseId, row.id)));
    return p?.withHelp === true;
  }

  return {
    learnerRecord,
    view,

    async state(row: Row, who: Helped): Promise<TrialHelp> {
      const s = await load(row, who);
      return view(row, s, who, await solvedWithHelp(row, who, s));
    },

    /** The next hint, once unlocked: 404 when none is left, 409 until another attempt. */
    async takeHint(row: Row, who: Helped): Promise<TrialHelp> {
      const s = await load(row, who);
      const next = nextHint({ ...s, hintCount: row.hints.length });
      if (next === "none") throw new NotFoundError(NO_MORE_HINTS);
      if (next === "after-attempt") throw new ConflictError(HINT_AFTER_ATTEMPT);
      const taken = { ...s, hintsTaken: s.hintsTaken + 1, failuresAtLastHint: s.failures };
      if (who.user) {
        const userId = who.user.id;
        // Conditional on the state just read, so two racing requests take one hint, not two.
        const updated = await db.transaction(async (tx) => {
          await tx.insert(exerciseHelp).values({ userId, exerciseId: row.id }).onConflictDoNothing();
          return tx
            .update(exerciseHelp)
            .set({ hintsTaken: taken.hintsTaken, failuresAtLastHint: taken.failuresAtLastHint, updatedAt: new Date() })
            .where(
              and(
                eq(exerciseHelp.userId, userId),
                eq(exerciseHelp.exerciseId, row.id),
                eq(exerciseHelp.hintsTaken, s.hintsTaken),
                or(eq(exerciseHelp.hintsTaken, 0), sql`${exerciseHelp.failures} > ${exerciseHelp.failuresAtLastHint}`),
              ),
            )
            .returning();
        });
        if (updated.length === 0) throw new ConflictError(HINT_AFTER_ATTEMPT);
      }
      return view(row, taken, who, await solvedWithHelp(row, who, taken));
    },

    /**
     * Reveals the reference solution. The reveal is recorded (a learner's row, a visitor's signed
     * state in the same answer) before the code is sent; a later pass is solved with help.
     */
    async reveal(row: Row, who: Helped, body: RevealRequest): Promise<SolutionResult> {
      const s = await load(row, who);
      if (!solutionUnlocked({ ...s, hintCount: row.hints.length }) && body.early !== true) {
        throw new ConflictError(SOLUTION_EARLY(s.failures));
      }
      const revealed = { ...s, revealed: true };
      if (who.user && !s.revealed) {
        await db
          .insert(exerciseHelp)
          .values({ userId: who.user.id, exerciseId: row.id, revealedAt: new Date(now()) })
          .onConflictDoUpdate({
            target: [exerciseHelp.userId, exerciseHelp.exerciseId],
            set: { revealedAt: sql`coalesce(${exerciseHelp.revealedAt}, excluded.revealed_at)`, updatedAt: new Date() },
          });
      }
      return {
        solution: row.solution,
        ...solutionFiles(row),
        help: view(row, revealed, who, await solvedWithHelp(row, who, revealed)),
      };
    },

    /** The reference again: after the reveal, or to compare after a pass; 403 before either. */
    async solution(row: Row, who: Helped): Promise<SolutionResult> {
      const s = await load(row, who);
      if (!solutionReadable({ ...s, hintCount: row.hints.length })) throw new ForbiddenError(SOLUTION_SEALED);
      return {
        solution: row.solution,
        ...solutionFiles(row),
        help: view(row, s, who, await solvedWithHelp(row, who, s)),
      };
    },
  };
}

export type HelpLadder = ReturnType<typeof createHelpLadder>;

/** A project trial's reference: every file, the read-only pom.xml too (docs/decisions/0032). */
function solutionFiles(row: { project: ExerciseProjectRow | null }): { files?: ProjectFile[] } {
  if (!row.project) return {};
  return {
    files: row.project.solution.map((f) => ({ path: f.path, code: f.code, ...(f.readOnly ? { readOnly: true } : {}) })),
  };
}
