import { type SubmissionRequest, type SubmissionResult, type TrialHelp, trialAchievementsUnlocked } from "@koc/shared";
import { and, count, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { exerciseAttempts, exerciseHelp, exercisePasses, type exercises } from "../../db/schema.js";
import { recordTrial } from "../review/deck.js";
import { versionFor } from "./grading.js";
import type { HelpLadder } from "./help.js";
import type { HelpStateSigner } from "./help-state.js";
import type { TrialReceiptSigner } from "./receipts.js";

type Row = typeof exercises.$inferSelect;
type Who = { user: { id: string } | null; helpToken?: string | undefined };

/**
 * What a graded submission records, laid over the grading itself: a learner's attempt is stored
 * with each check's result, a failure moves the ladder of help on, and a pass is recorded once (the
 * primary key decides), "with help" when the solution was revealed before it. A visitor gets the
 * same answers through signed tokens instead of rows.
 */
export function createSubmissionOutcome(deps: {
  db: DbOrTx;
  ladder: HelpLadder;
  helpSigner: HelpStateSigner;
  receipts: TrialReceiptSigner;
  now: () => number;
}) {
  const { db, ladder, helpSigner, receipts, now } = deps;

  /** Passes of one's own, across courses: the trial achievements count these only. */
  async function ownPasses(userId: string): Promise<number> {
    const [r] = await db
      .select({ n: count() })
      .from(exercisePasses)
      .where(and(eq(exercisePasses.userId, userId), eq(exercisePasses.withHelp, false)));
    return Number(r?.n ?? 0);
  }

  async function forVisitor(row: Row, who: Who, graded: SubmissionResult): Promise<SubmissionResult> {
    const before = helpSigner.read(who.helpToken, row.id, now());
    const after = graded.passed ? { ...before, passed: true } : { ...before, failures: before.failures + 1 };
    const withHelp = graded.passed && before.revealed;
    const help: TrialHelp = ladder.view(row, after, who, withHelp);
    if (!graded.passed) return { ...graded, help };
    return { ...graded, help, receipt: receipts.issue(row.id, now(), withHelp) };
  }

  async function forLearner(
    row: Row,
    userId: string,
    body: SubmissionRequest,
    graded: SubmissionResult,
  ): Promise<SubmissionResult> {
    const who = { user: { id: userId } };
    const first = await db.transaction(async (tx) => {
      await tx.insert(exerciseAttempts).values({
        userId,
        exerciseId: row.id,
        code: body.code,
        files: body.files ?? null,
        language: body.language,
        release: row.language === "java" ? versionFor(row, body.version) : null,
        passed: graded.passed,
        compileError: graded.compileError !== undefined,
        checks: [
          ...graded.cases.map((c) => ({ name: c.name, passed: c.passed, timedOut: c.timedOut })),
          ...(graded.tests ?? []).map((t) => ({
            name: t.name,
            passed: t.status === "passed",
            timedOut: t.status === "timedOut",
          })),
        ],
      });
      if (!graded.passed) {
        await tx
          .insert(exerciseHelp)
          .values({ userId, exerciseId: row.id, failures: 1 })
          .onConflictDoUpdate({
            target: [exerciseHelp.userId, exerciseHelp.exerciseId],
            set: { failures: sql`${exerciseHelp.failures} + 1`, updatedAt: new Date() },
          });
        await recordTrial(tx, userId, row, { passed: false, revealedAt: null }, now());
        return null;
      }
      const [help] = await tx
        .select({ revealedAt: exerciseHelp.revealedAt })
        .from(exerciseHelp)
        .where(and(eq(exerciseHelp.userId, userId), eq(exerciseHelp.exerciseId, row.id)));
      // The review deck: solved with help enters it; a pass of a due card reviews it.
      await recordTrial(tx, userId, row, { passed: true, revealedAt: help?.revealedAt ?? null }, now());
      const [inserted] = await tx
        .insert(exercisePasses)
        .values({ userId, exerciseId: row.id, courseId: row.courseId, withHelp: help?.revealedAt != null })
        .onConflictDoNothing()
        .returning();
      return inserted ?? null;
    });
    const help = await ladder.state(row, who);
    if (!graded.passed) return { ...graded, help };
    if (!first) return { ...graded, firstPass: false, help };
    // Solved with help: the reduced xp (progress counts it), and no achievement.
    if (first.withHelp) return { ...graded, firstPass: true, help };
    const after = await ownPasses(userId);
    return { ...graded, firstPass: true, achievements: trialAchievementsUnlocked(after - 1, after), help };
  }

  return {
    finish(row: Row, who: Who, body: SubmissionRequest, graded: SubmissionResult): Promise<SubmissionResult> {
      return who.user ? forLearner(row, who.user.id, body, graded) : forVisitor(row, who, graded);
    },
  };
}

export type SubmissionOutcome = ReturnType<typeof createSubmissionOutcome>;
