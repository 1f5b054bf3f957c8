import { and, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { reviewCards } from "../../db/schema.js";
import { endOfDay, missedCard, reviewed } from "./scheduler.js";

/** What can be missed: a quiz question (a lesson's Knowledge Check, or the course quiz when `materialId` is null) or a trial. */
export type DeckItem =
  | { kind: "quiz"; courseId: string; materialId: string | null; questionIndex: number; prompt: string }
  | { kind: "trial"; courseId: string; materialId: string; exerciseId: string };

/** The item's name in review_cards.item: one card per learner and item. */
export const itemKey = (item: DeckItem) =>
  item.kind === "trial"
    ? `trial:${item.exerciseId}`
    : `quiz:${item.courseId}:${item.materialId ?? "course-quiz"}:${item.questionIndex}`;

type Row = typeof reviewCards.$inferSelect;
type Which = { userId: string } & ({ item: string } | { cardId: string });

/**
 * Reviews the learner's card if it is due today: Good when recalled, Again when not. Conditional on
 * the card as read, so two racing answers review it once; null when no such card is due.
 */
export async function reviewIfDue(db: DbOrTx, which: Which, recalled: boolean, now: number): Promise<Row | null> {
  const card = "item" in which ? eq(reviewCards.item, which.item) : eq(reviewCards.id, which.cardId);
  const [row] = await db
    .select()
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, which.userId), card, lt(reviewCards.due, new Date(endOfDay(now)))));
  if (!row) return null;
  const [updated] = await db
    .update(reviewCards)
    .set(reviewed(row, recalled, now))
    .where(and(eq(reviewCards.id, row.id), eq(reviewCards.reps, row.reps)))
    .returning();
  return updated ?? null;
}

/**
 * A miss (a wrong answer, a failed trial, a trial solved with help): the item enters the deck, due
 * the next day; a card of it already due today is reviewed as forgotten; one not yet due stays as it is.
 */
export async function recordMiss(db: DbOrTx, userId: string, item: DeckItem, now: number): Promise<void> {
  const key = itemKey(item);
  const [entered] = await db
    .insert(reviewCards)
    .values({
      userId,
      kind: item.kind,
      item: key,
      courseId: item.courseId,
      materialId: item.materialId,
      ...(item.kind === "quiz"
        ? { questionIndex: item.questionIndex, prompt: item.prompt }
        : { exerciseId: item.exerciseId }),
      ...missedCard(now),
    })
    .onConflictDoNothing()
    .returning({ id: reviewCards.id });
  if (!entered) await reviewIfDue(db, { userId, item: key }, false, now);
}

/** A quiz's wrong answers enter the deck (`questions` in order, `answers` the learner's choices). */
export async function recordQuizMisses(
  db: DbOrTx,
  userId: string,
  where: { courseId: string; materialId: string | null },
  questions: readonly { question: string; correct: number }[],
  answers: readonly number[],
  now: number,
): Promise<void> {
  for (const [i, q] of questions.entries()) {
    if (answers[i] === q.correct) continue;
    await recordMiss(db, userId, { kind: "quiz", ...where, questionIndex: i, prompt: q.question }, now);
  }
}

/**
 * A learner's graded trial submission, for the deck: a failure or a first solve after revealing the
 * solution is a miss; a pass of a due card is a review, recalled unless the solution was revealed
 * since the card's last review.
 */
export async function recordTrial(
  db: DbOrTx,
  userId: string,
  trial: { id: string; courseId: string; materialId: string },
  outcome: { passed: boolean; revealedAt: Date | null },
  now: number,
): Promise<void> {
  const item: DeckItem = {
    kind: "trial",
    courseId: trial.courseId,
    materialId: trial.materialId,
    exerciseId: trial.id,
  };
  if (!outcome.passed) return recordMiss(db, userId, item, now);
  const [card] = await db
    .select({ lastReview: reviewCards.lastReview })
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), eq(reviewCards.item, itemKey(item))));
  if (!card) {
    if (outcome.revealedAt) await recordMiss(db, userId, item, now);
    return;
  }
  const helped = outcome.revealedAt !== null && (card.lastReview === null || outcome.revealedAt > card.lastReview);
  await reviewIfDue(db, { userId, item: itemKey(item) }, !helped, now);
}
